import { useLingui } from '@lingui/react/macro';
import type { AssistanceStatus } from '@bantay/shared';
import { ASSISTANCE_STATUS_BADGES, ASSISTANCE_STATUS_LABELS } from './assistance-api.ts';

/** A backup request's status as a coloured badge; `label` words it otherwise for the one who asked. */
export function AssistanceStatusBadge({ status, label }: { status: AssistanceStatus; label?: string }) {
  const { t } = useLingui();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ASSISTANCE_STATUS_BADGES[status]}`}>
      {label ?? t(ASSISTANCE_STATUS_LABELS[status])}
    </span>
  );
}
