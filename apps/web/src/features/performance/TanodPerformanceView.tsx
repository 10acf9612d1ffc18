import { Suspense, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TanodPerformance } from '@bantay/shared';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { Loading } from '@/components/Loading.tsx';
import { PieceBoundary } from '@/components/PieceBoundary.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { dayKey, DEFAULT_TIMEZONE } from '@/lib/zoned-time.ts';
import { hasActivity, initialSelection, periodErrors, type PeriodSelection } from './performance-format.ts';
import { useTanodPerformance } from './performance-api.ts';
import { PerformanceFigures } from './PerformanceFigures.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';

// Recharts comes with the charts only, after the figures: the cards show while the library loads.
const PerformanceCharts = lazyWithRetry(() => import('./PerformanceCharts.tsx'));

function ChartsPlaceholder() {
  return (
    <div className="flex h-40 items-center justify-center rounded-xl border border-line bg-surface-2 text-sm text-muted">
      <Trans>Loading the charts…</Trans>
    </div>
  );
}

/** "Today" in the barangay's calendar, for the picker's custom days. */
export function useBarangayToday(): string {
  const timeZone = usePublicSettings().data?.timezone ?? DEFAULT_TIMEZONE;
  return dayKey(new Date(), timeZone);
}

/** The server's words for a refusal or a lost connection; null for the rest (a generic line). */
function refusalText(error: unknown): string | null {
  if (error instanceof ApiError && !error.isNetwork && error.status < 500) return error.message;
  if (error instanceof ApiError && error.isNetwork) return error.message;
  return null;
}

interface TanodPerformanceViewProps {
  tanodId: string;
  /** Whose figures, for the empty state ("You have…" on the tanod's own page). */
  own?: boolean;
  /** The period to open with (the ranked table's, when opened from it); this month otherwise. */
  initial?: PeriodSelection;
  /** Buttons beside the period picker (the admin's report), given the period and figures shown. */
  renderActions?: (selection: PeriodSelection, data: TanodPerformance | undefined) => ReactNode;
}

/**
 * One tanod's performance for a chosen period: the picker, the figure cards and the charts, with
 * loading, error and empty states. The tanod's `/Performance` and the admin's Manage Tanod both use it.
 */
export function TanodPerformanceView({ tanodId, own = false, initial, renderActions }: TanodPerformanceViewProps) {
  const { t } = useLingui();
  const today = useBarangayToday();
  const [selection, setSelection] = useState<PeriodSelection>(() => initial ?? initialSelection(today));
  const valid = Object.keys(periodErrors(selection)).length === 0;
  const performance = useTanodPerformance(tanodId, selection, valid);
  const data = performance.data;
  const periodLabel = data?.period.label;

  return (
    <div className="flex flex-col gap-5" data-testid="tanod-performance">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PeriodPicker value={selection} onChange={setSelection} label={valid ? data?.period.label : undefined} />
        {renderActions?.(selection, data)}
      </div>
      {!valid ? null : performance.isPending ? (
        <Loading label={t`Loading the figures…`} />
      ) : performance.isError && !data ? (
        <div role="alert" className="card flex flex-wrap items-center gap-3 text-sm">
          <span className="flex-1">{refusalText(performance.error) ?? t`The figures could not load.`}</span>
          <button type="button" className="btn btn-secondary" onClick={() => void performance.refetch()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : data ? (
        <div
          className={`flex flex-col gap-5 transition-opacity ${performance.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={performance.isFetching}
        >
          {!hasActivity(data) && (
            <p className="card text-sm text-muted" data-testid="performance-empty">
              {own ? (
                <Trans>
                  You have no shifts, patrols, incidents, ratings or loans in {periodLabel}. Choose another period to see
                  more.
                </Trans>
              ) : (
                <Trans>
                  This tanod has no shifts, patrols, incidents, ratings or loans in {periodLabel}. Choose another period
                  to see more.
                </Trans>
              )}
            </p>
          )}
          <PerformanceFigures data={data} />
          {hasActivity(data) && (
            <PieceBoundary
              fallback={(retry) => (
                <div role="alert" className="card flex flex-wrap items-center gap-3 text-sm">
                  <span className="flex-1">
                    <Trans>The charts could not load. Check your connection.</Trans>
                  </span>
                  <button type="button" className="btn btn-secondary" onClick={retry}>
                    <Trans>Retry</Trans>
                  </button>
                </div>
              )}
            >
              <Suspense fallback={<ChartsPlaceholder />}>
                <PerformanceCharts data={data} />
              </Suspense>
            </PieceBoundary>
          )}
        </div>
      ) : null}
    </div>
  );
}
