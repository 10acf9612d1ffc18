import { lazy, Suspense, useState } from 'react';
import { Flame } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PerformancePeriodKind } from '@bantay/shared';
import { lazyMap } from '@/components/map/lazy-map.tsx';
import { AdminStatCards } from '@/features/dashboard/AdminStatCards.tsx';
import { TanodCardFrame, TanodCardState } from '@/features/dashboard/TanodCardFrame.tsx';
import { TopPerformersCard } from '@/features/dashboard/TopPerformersCard.tsx';
import { useAdminDashboard } from '@/features/dashboard/admin-dashboard-api.ts';
import { NotesCalendar } from '@/features/notes/NotesCalendar.tsx';
import RolePage from './RolePage.tsx';

// Recharts and Leaflet (with the heat plugin) load only here, on demand (docs/product.md §8).
const AdminCharts = lazy(() => import('@/features/dashboard/AdminCharts.tsx'));
const AdminHeatMap = lazyMap(() => import('@/features/dashboard/AdminHeatMap.tsx'), 'h-72 lg:h-96' as const);

const PERIODS: { value: Exclude<PerformancePeriodKind, 'custom'>; label: MessageDescriptor }[] = [
  { value: 'week', label: msg`This week` },
  { value: 'month', label: msg`This month` },
  { value: 'quarter', label: msg`This quarter` },
  { value: 'year', label: msg`This year` },
];

function ChartsPlaceholder() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {[0, 1].map((key) => (
        <div key={key} className="card flex h-80 items-center justify-center text-sm text-muted">
          <Trans>Loading the chart…</Trans>
        </div>
      ))}
    </div>
  );
}

/**
 * The admin's /Admindashboard (docs/product.md §4.11): now's figures, the period's incidents by type and
 * response times, the heat map, top performers and calendar notes. One call feeds it; socket events
 * refetch it (no polling).
 */
export default function AdminDashboardPage() {
  const { t } = useLingui();
  const [period, setPeriod] = useState<Exclude<PerformancePeriodKind, 'custom'>>('month');
  const dashboard = useAdminDashboard(period);
  const { data } = dashboard;
  const periodLabel = data?.period.label ?? '';

  return (
    <RolePage title={t`Admin Dashboard`}>
      <div className="space-y-4">
        {!data ? (
          <div className="card">
            <TanodCardState isLoading={dashboard.isPending} isError={dashboard.isError} onRetry={() => void dashboard.refetch()} />
          </div>
        ) : (
          <>
            <AdminStatCards data={data} />
            <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
              <h2 className="text-lg font-semibold text-ink">
                {data.period.label}
                <span className="sr-only">
                  {' '}
                  <Trans>— the charts, heat map and top performers below cover this period</Trans>
                </span>
              </h2>
              <label className="flex items-center gap-2 text-sm text-ink-soft">
                <Trans>Period</Trans>
                <select
                  className="input w-auto py-1.5"
                  value={period}
                  onChange={(event) => setPeriod(event.target.value as typeof period)}
                  data-testid="dashboard-period"
                >
                  {PERIODS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {t(option.label)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <Suspense fallback={<ChartsPlaceholder />}>
              <AdminCharts data={data} />
            </Suspense>
            <div className="grid gap-4 lg:grid-cols-3">
              <TanodCardFrame title={t`Incident heat map`} icon={Flame} className="lg:col-span-2" testId="heat-map-card">
                <AdminHeatMap points={data.heatmap.points} />
                <p className="mt-2 text-xs text-muted">
                  {data.heatmap.points.length === 0
                    ? t`No incidents with a place in ${periodLabel}.`
                    : data.heatmap.truncated
                      ? t`Where incidents were reported in ${periodLabel}, in cells of about 50 m (the busiest shown).`
                      : t`Where incidents were reported in ${periodLabel}, in cells of about 50 m.`}
                </p>
              </TanodCardFrame>
              <TopPerformersCard data={data} />
            </div>
          </>
        )}
        <NotesCalendar />
      </div>
    </RolePage>
  );
}
