import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';

interface UpdatePromptProps {
  /** Starts the new version; the page reloads when it has taken over. */
  onUpdate(): void;
  onLater(): void;
}

/**
 * A new version is ready (its service worker waits): offered, never forced, so nobody loses a form
 * they are filling in. Later keeps the running version; the new one starts once every Bantay tab
 * is closed, or at the next offer.
 */
export function UpdatePrompt({ onUpdate, onLater }: UpdatePromptProps) {
  const { t } = useLingui();
  const [updating, setUpdating] = useState(false);
  return (
    <section
      aria-labelledby="bantay-update-title"
      data-testid="update-prompt"
      className="pointer-events-auto flex w-full max-w-md flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line bg-surface p-3 text-ink shadow-lg"
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-surface-2">
        <RefreshCw className={`h-5 w-5 ${updating ? 'animate-spin' : ''}`} aria-hidden="true" />
      </span>
      {/* On a phone the buttons go under the sentence rather than squeezing it into four lines. */}
      <p id="bantay-update-title" className="min-w-48 flex-1 text-sm font-medium" role="status">
        {updating ? t`Updating Bantay…` : t`A new version of Bantay is ready.`}
      </p>
      <div className="ml-auto flex gap-2">
        {!updating && (
          <button type="button" className="btn btn-ghost px-3" onClick={onLater}>
            <Trans>Later</Trans>
          </button>
        )}
        <button
          type="button"
          className="btn btn-primary"
          disabled={updating}
          onClick={() => {
            setUpdating(true);
            onUpdate();
          }}
        >
          <Trans>Update</Trans>
        </button>
      </div>
    </section>
  );
}
