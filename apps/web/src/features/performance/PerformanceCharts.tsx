import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLingui } from '@lingui/react/macro';
import { performanceSeriesIsWeekly, type TanodPerformance } from '@bantay/shared';
import { AXIS_TICK, CATEGORY_AXIS, CHART_GRID, COUNT_AXIS, ChartCard, TOOLTIP_PROPS } from '@/components/charts/chart-parts.tsx';
import { formatHours, seriesLabel } from './performance-format.ts';

/*
 * The charts of a tanod's performance. This module is the only one that imports Recharts, and it is
 * itself loaded on demand (React.lazy) by the performance views, so the chart library is fetched on
 * /Performance and in Manage Tanod only, never on the public pages (docs/product.md §8 budgets).
 *
 * Colours are the theme's CSS variables, so both themes follow without re-rendering.
 */
const COLORS = {
  hours: 'var(--color-brand-600)',
  responded: 'var(--color-brand-500)',
  resolved: 'var(--success)',
  rating: '#f59e0b',
};

/** Hours patrolled and incidents over the period (from `series`), and the rating distribution. */
export default function PerformanceCharts({ data }: { data: TanodPerformance }) {
  const { t } = useLingui();
  const weekly = performanceSeriesIsWeekly(data.period);
  const points = data.series.map((point) => ({ ...point, label: seriesLabel(point.date, weekly) }));
  const busiest = points.reduce<(typeof points)[number] | null>(
    (best, point) => (point.hoursPatrolled > (best?.hoursPatrolled ?? 0) ? point : best),
    null,
  );
  const ratings = [5, 4, 3, 2, 1].map((stars) => ({
    value: stars,
    stars: `${stars} ★`,
    count: data.ratingDistribution[stars - 1] ?? 0,
  }));
  const total = formatHours(data.hoursPatrolled);
  const busiestLabel = busiest?.label;
  const busiestHours = busiest ? formatHours(busiest.hoursPatrolled) : '';
  const responded = data.incidentsResponded;
  const resolved = data.incidentsResolved;
  const hoursName = t`Hours`;
  const ratingsName = t`Ratings`;
  // Many daily bars on a phone: let Recharts thin the labels out rather than overlap them.
  const tickInterval = 'preserveStartEnd' as const;

  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <ChartCard
        heightClass="h-56"
        testId="chart-hours"
        title={weekly ? t`Hours on patrol per week` : t`Hours on patrol per day`}
        summary={busiest ? t`${total} in all; most on ${busiestLabel} (${busiestHours}).` : t`No patrol hours in this period.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={points} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
            <CartesianGrid stroke={CHART_GRID} vertical={false} />
            <XAxis {...CATEGORY_AXIS} interval={tickInterval} />
            <YAxis {...COUNT_AXIS} width={48} />
            <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [formatHours(Number(value)), hoursName]} />
            <Bar
              dataKey="hoursPatrolled"
              name={hoursName}
              fill={COLORS.hours}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        heightClass="h-56"
        testId="chart-incidents"
        title={weekly ? t`Incidents per week` : t`Incidents per day`}
        summary={t`${responded} responded and ${resolved} resolved in this period.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={points} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
            <CartesianGrid stroke={CHART_GRID} vertical={false} />
            <XAxis {...CATEGORY_AXIS} interval={tickInterval} />
            <YAxis {...COUNT_AXIS} width={48} />
            <Tooltip {...TOOLTIP_PROPS} />
            <Legend itemSorter={null} wrapperStyle={{ fontSize: 12, color: 'var(--ink-soft)' }} iconSize={10} />
            <Bar
              dataKey="incidentsResponded"
              name={t`Responded`}
              fill={COLORS.responded}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
            <Bar
              dataKey="incidentsResolved"
              name={t`Resolved`}
              fill={COLORS.resolved}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        heightClass="h-56"
        testId="chart-ratings"
        title={t`Ratings by stars`}
        summary={
          data.ratingCount === 0
            ? t`No ratings in this period.`
            : ratings.map(({ value, count }) => t`${value} stars: ${count}`).join(', ')
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={ratings}
            layout="vertical"
            margin={{ top: 4, right: 12, bottom: 0, left: 0 }}
          >
            <CartesianGrid stroke={CHART_GRID} horizontal={false} />
            <XAxis type="number" {...COUNT_AXIS} />
            <YAxis type="category" dataKey="stars" tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} />
            <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [String(value), ratingsName]} />
            <Bar dataKey="count" name={ratingsName} fill={COLORS.rating} radius={[0, 3, 3, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
