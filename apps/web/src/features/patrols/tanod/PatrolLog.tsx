import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { PATROL_LIMITS, type PatrolDetail } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { formatTime } from '@/lib/zoned-time.ts';
import type { TrackPoint } from '../tracking/tracking-rule.ts';
import { addLogEntry, CURRENT_PATROL_KEY } from '../patrols-api.ts';

/** The patrol log (docs/product.md §4.7): each entry is stored at once, with the position when known. */
export function PatrolLog({ patrol, fix, timeZone }: { patrol: PatrolDetail; fix: TrackPoint | null; timeZone: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const entries = [...patrol.log].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));

  const submit = async () => {
    const trimmed = text.trim();
    if (!trimmed) {
      setError(t`Write what happened`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await addLogEntry(patrol._id, trimmed, fix ? { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy } : undefined);
      setText('');
      await queryClient.invalidateQueries({ queryKey: CURRENT_PATROL_KEY });
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields[0]?.message ?? failure.message) : t`Could not save the entry. Try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="log-heading">
      <h2 id="log-heading" className="text-lg font-semibold">
        <Trans>Patrol log</Trans>
      </h2>
      <form
        noValidate
        className="mt-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="log-text" className="mb-1.5 block text-sm font-medium">
          <Trans>What happened?</Trans>
        </label>
        <textarea
          id="log-text"
          className="input min-h-20"
          value={text}
          maxLength={PATROL_LIMITS.logTextMaxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'log-error' : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {error && (
          <p id="log-error" className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-secondary mt-2" disabled={busy}>
          <Trans>Add to log</Trans>
        </button>
      </form>
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          <Trans>No entries yet.</Trans>
        </p>
      ) : (
        <ol className="mt-4 flex flex-col gap-2" aria-label={t`Log entries`}>
          {entries.map((entry) => (
            <li key={entry._id} className="rounded-lg bg-surface-2 px-3 py-2 text-sm">
              <span className="mr-2 font-semibold text-ink-soft">{formatTime(entry.at, timeZone)}</span>
              <span className="whitespace-pre-wrap break-words">{entry.text}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
