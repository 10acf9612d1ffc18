import { useMemo } from 'react';
import { RefreshCw, SearchX, Users } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicTanod } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { TanodCard } from './TanodCard.tsx';
import type { TanodDirectoryState } from './use-tanod-directory.ts';

interface DirectoryListProps {
  directory: TanodDirectoryState;
  /** The tanods that match the search. */
  visible: PublicTanod[];
  query: string;
  timeZone?: string;
  onClearSearch(): void;
  onRate(tanod: PublicTanod): void;
}

/** The directory's body: loading, error with retry, empty, no match, or the cards. */
export function DirectoryList({ directory, visible, query, timeZone, onClearSearch, onRate }: DirectoryListProps) {
  const { t } = useLingui();
  const { tanods, isLoading, isRefreshing, error, reload } = directory;
  // Comment dates count from when the list arrived, which is "now" enough for "2 days ago".
  const now = useMemo(() => (tanods ? new Date() : new Date(0)), [tanods]);

  if (isLoading) {
    return (
      <div className="flex flex-col gap-3">
        <Loading label={t`Loading tanods…`} />
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex animate-pulse flex-col gap-3 rounded-xl border border-line bg-surface p-4">
              <div className="flex items-center gap-3">
                <div className="h-14 w-14 rounded-full bg-surface-2" />
                <div className="flex flex-1 flex-col gap-2">
                  <div className="h-4 w-2/3 rounded bg-surface-2" />
                  <div className="h-3 w-1/2 rounded bg-surface-2" />
                </div>
              </div>
              <div className="h-3 w-full rounded bg-surface-2" />
              <div className="h-11 w-full rounded-lg bg-surface-2" />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (!tanods) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-line bg-surface p-5">
        <p className="font-semibold">{error ?? t`The list of tanods could not be loaded.`}</p>
        <p className="text-sm text-muted">
          <Trans>Check your connection, then try again.</Trans>
        </p>
        <button type="button" className="btn btn-primary" onClick={reload}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }

  const trimmed = query.trim();
  const shown = visible.length;
  const total = tanods.length;
  const summary =
    total === 0
      ? ''
      : trimmed
        ? t`${plural(total, { one: `${shown} of # tanod match “${trimmed}”`, other: `${shown} of # tanods match “${trimmed}”` })}`
        : t`${plural(total, { one: '# tanod', other: '# tanods' })}`;

  return (
    <section aria-label={t`Tanods`} className="flex flex-col gap-3">
      <div className="flex min-h-6 items-center gap-3 text-sm text-muted">
        <p aria-live="polite" className="flex-1">
          {summary}
        </p>
        {isRefreshing && <Loading variant="pulse" label={t`Updating the list…`} />}
        {error && !isRefreshing && (
          <button type="button" className="btn btn-ghost px-2 text-danger" onClick={reload}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            <Trans>Could not update. Retry</Trans>
          </button>
        )}
      </div>

      {tanods.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line p-8 text-center">
          <Users className="h-8 w-8 text-muted" aria-hidden="true" />
          <p className="font-semibold">
            <Trans>No tanods are listed yet.</Trans>
          </p>
          <p className="text-sm text-muted">
            <Trans>Please check again later.</Trans>
          </p>
        </div>
      ) : visible.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line p-8 text-center" data-testid="no-match">
          <SearchX className="h-8 w-8 text-muted" aria-hidden="true" />
          <p className="font-semibold">
            <Trans>No tanods match “{trimmed}”</Trans>
          </p>
          <p className="text-sm text-muted">
            <Trans>Check the spelling, or search by first or last name.</Trans>
          </p>
          <button type="button" className="btn btn-secondary mt-1" onClick={onClearSearch}>
            <Trans>Clear search</Trans>
          </button>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {visible.map((tanod) => (
            <TanodCard key={tanod._id} tanod={tanod} now={now} timeZone={timeZone} onRate={onRate} />
          ))}
        </ul>
      )}
    </section>
  );
}
