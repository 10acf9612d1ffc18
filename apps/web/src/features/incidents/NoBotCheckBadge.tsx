import { ShieldOff } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Sent from a page without JavaScript (docs/decisions/033-pages-without-javascript.md), which
 * cannot solve the bot check: staff weigh the report knowing no proof of a person stood before it.
 */
export function NoBotCheckBadge() {
  const { t } = useLingui();
  return (
    <span
      data-testid="no-bot-check-badge"
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-line bg-surface-2 px-2 py-0.5 text-xs font-semibold text-ink-soft"
      title={t`Sent from the simple page without JavaScript, so no bot check was solved`}
    >
      <ShieldOff className="h-3.5 w-3.5" aria-hidden="true" />
      <Trans>Sent without the bot check</Trans>
    </span>
  );
}
