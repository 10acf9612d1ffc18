import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { StaffEvaluation, StaffEvaluationList } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { ApiError, api } from '@/lib/api-client.ts';
import { currentIntlTag } from '@/lib/i18n.ts';
import { notify } from '@/lib/toast.ts';
import { StarsDisplay } from './Stars.tsx';

const key = (tanodId: string) => ['tanod-ratings', tanodId] as const;

function Distribution({ list }: { list: StaffEvaluationList }) {
  const { t } = useLingui();
  const max = Math.max(1, ...list.distribution);
  return (
    <div className="flex flex-col gap-1" aria-label={t`Ratings by stars`}>
      {[5, 4, 3, 2, 1].map((stars) => {
        const n = list.distribution[stars - 1] ?? 0;
        return (
          <div key={stars} className="flex items-center gap-2 text-xs">
            <span className="w-12 shrink-0 text-muted">
              <Plural value={stars} one="# star" other="# stars" />
            </span>
            <span className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2">
              <span className="block h-full rounded-full bg-amber-500" style={{ width: `${(n / max) * 100}%` }} />
            </span>
            <span className="w-6 text-right tabular-nums">{n}</span>
          </div>
        );
      })}
    </div>
  );
}

/** A tanod's ratings for an admin: every comment, with hide and show for abusive ones. */
export function TanodRatingsPanel({ tanodId }: { tanodId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const ratings = useInfiniteQuery({
    queryKey: key(tanodId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<StaffEvaluationList>(`/api/users/${encodeURIComponent(tanodId)}/evaluations?limit=10${pageParam ? `&cursor=${pageParam}` : ''}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
  const toggle = async (evaluation: StaffEvaluation) => {
    try {
      await api<StaffEvaluation>(`/api/evaluations/${evaluation._id}`, { method: 'PATCH', body: { hidden: !evaluation.hidden } });
      notify.success(evaluation.hidden ? t`The comment is shown again` : t`The comment is hidden and no longer counted`);
      void queryClient.invalidateQueries({ queryKey: key(tanodId) });
    } catch (error) {
      notify.error(error instanceof ApiError && !error.isNetwork ? error.message : t`Something went wrong. Please try again.`);
    }
  };
  if (ratings.isPending) return <Loading />;
  if (ratings.isError)
    return (
      <p className="text-sm text-danger">
        <Trans>Error loading the ratings.</Trans>
      </p>
    );
  const first = ratings.data.pages[0]!;
  const items = ratings.data.pages.flatMap((page) => page.items);
  return (
    <div className="grid gap-4 md:grid-cols-[14rem_1fr]" data-testid="tanod-ratings">
      <div>
        <p className="text-sm font-semibold">
          <Trans>Residents&apos; ratings</Trans>
        </p>
        <p className="mb-2 text-2xl font-bold">
          {first.average === null ? '—' : first.average.toFixed(1)} <span className="text-sm font-normal text-muted">({first.count})</span>
        </p>
        <Distribution list={first} />
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No ratings yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((evaluation) => {
            const rating = evaluation.rating;
            return (
              <li key={evaluation._id} className={`flex items-start gap-3 rounded-lg border border-line p-3 text-sm ${evaluation.hidden ? 'opacity-60' : ''}`}>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2">
                    <StarsDisplay value={rating} size={14} label={t`${rating} out of 5`} />
                    <span className="text-muted">
                      {evaluation.reviewerName ?? t`Anonymous`} · {new Date(evaluation.createdAt).toLocaleDateString(currentIntlTag())}
                      {evaluation.hidden ? ` · ${t`hidden`}` : ''}
                    </span>
                  </p>
                  <p className="break-words">{evaluation.comment}</p>
                </div>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={evaluation.hidden ? t`Show this comment again` : t`Hide this comment`}
                  onClick={() => void toggle(evaluation)}
                >
                  {evaluation.hidden ? <Eye className="h-4 w-4" aria-hidden="true" /> : <EyeOff className="h-4 w-4" aria-hidden="true" />}
                </button>
              </li>
            );
          })}
          {ratings.hasNextPage && (
            <button type="button" className="btn btn-secondary self-start" onClick={() => void ratings.fetchNextPage()}>
              <Trans>More ratings</Trans>
            </button>
          )}
        </ul>
      )}
    </div>
  );
}
