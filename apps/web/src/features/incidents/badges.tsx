import { Layers, Lock, Siren } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentClassification, IncidentStatus } from '@bantay/shared';
import { STATUS_BADGES, STATUS_LABELS } from './incident-format.ts';

export function StatusBadge({ status }: { status: IncidentStatus }) {
  const { t } = useLingui();
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGES[status]}`}>
      {t(STATUS_LABELS[status])}
    </span>
  );
}

/** Emergencies are red everywhere; a normal report shows no badge in rows, only here. */
export function ClassificationBadge({ classification }: { classification: IncidentClassification }) {
  if (classification === 'emergency') {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-danger-fill px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
        <Siren className="h-3.5 w-3.5" aria-hidden="true" />
        <Trans>Emergency</Trans>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-ink-soft">
      <Trans>Normal</Trans>
    </span>
  );
}

/**
 * A confidential case (docs/decisions/027-confidential-cases.md): seen by admins and its responder
 * only, so whoever sees it on screen knows not to read it out or pass it on.
 */
export function ConfidentialBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  const label = t`Confidential`;
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-violet-700 bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-900 dark:border-violet-300 dark:bg-violet-950/60 dark:text-violet-100"
      title={t`Confidential: only admins and the responder see this case`}
    >
      <Lock className="h-3.5 w-3.5" aria-hidden="true" />
      {compact ? <span className="sr-only">{label}</span> : label}
    </span>
  );
}

/**
 * Let in as part of an emergency burst (docs/decisions/031-emergency-bursts.md): one of many
 * emergency reports from one network address within the hour, past its ordinary limit. It may
 * repeat a report of the same event, whose alert then stood for it.
 */
export function BurstBadge() {
  const { t } = useLingui();
  return (
    <span
      data-testid="burst-badge"
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-amber-700 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-300 dark:bg-amber-950/60 dark:text-amber-100"
      title={t`Part of a burst: one of many emergency reports from one network within the hour`}
    >
      <Layers className="h-3.5 w-3.5" aria-hidden="true" />
      <Trans>Part of a burst</Trans>
    </span>
  );
}
