import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLingui } from '@lingui/react/macro';
import type { AdminDashboard } from '@bantay/shared';
import { CATEGORY_AXIS, CHART_GRID, COUNT_AXIS, ChartCard, TOOLTIP_PROPS } from '@/components/charts/chart-parts.tsx';
import { bucketLabel, describeIncidentsOverTime, describeResponseTrend } from './admin-dashboard-format.ts';
import { incidentTypeLabel } from '@bantay/shared';

/*
 * The admin dashboard's charts. This module is the only one of the dashboard that imports
 * Recharts, and the page loads it on demand (React.lazy), so the chart library never reaches the
 * public pages (docs/product.md §8). Colours are theme variables, so both themes follow.
 */

/** One colour per incident type, in the order of the types (most frequent first). */
const TYPE_COLORS = ['#2563eb', '#dc2626', '#f59e0b', '#16a34a', '#9333ea', '#0891b2', '#db2777', '#65a30d', '#ea580c', '#64748b'];
/**
 * At most nine types get their own colour; the rest are summed under `other`, which is not a type
 * name of its own ("All other types"): the barangay's list may well hold an "Other" type.
 */
function stackedRows(data: AdminDashboard, other: string) {
  const named = data.incidentsOverTime.types.slice(0, TYPE_COLORS.length - 1).map((t) => t.type);
  const hasOther = data.incidentsOverTime.types.length > named.length;
  const rows = data.incidentsOverTime.points.map((point) => {
    const row: Record<string, string | number> = { label: bucketLabel(point.date, data.incidentsOverTime.bucket) };
    let rest = 0;
    for (const [type, count] of Object.entries(point.byType)) {
      if (named.includes(type)) row[type] = count;
      else rest += count;
    }
    if (hasOther) row[other] = rest;
    return row;
  });
  return { keys: hasOther ? [...named, other] : named, rows };
}

export default function AdminCharts({ data }: { data: AdminDashboard }) {
  const { t } = useLingui();
  const other = t`All other types`;
  const { keys, rows } = stackedRows(data, other);
  const minutesUnit = t`min`;
  const trend = data.responseTrend.map((point) => ({
    label: bucketLabel(point.date, data.incidentsOverTime.bucket),
    minutes: point.averageMinutes,
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard testId="chart-incidents-over-time" title={t`Incidents over time by type`} summary={describeIncidentsOverTime(data)}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke={CHART_GRID} vertical={false} />
            <XAxis {...CATEGORY_AXIS} />
            <YAxis {...COUNT_AXIS} />
            <Tooltip {...TOOLTIP_PROPS} />
            {/* Legend text in the ink colour: some type colours are too light for text on white. */}
            <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value: string) => <span style={{ color: 'var(--ink-soft)' }}>{value}</span>} />
            {keys.map((key, index) => (
              <Bar key={key} dataKey={key} name={key === other ? key : incidentTypeLabel(key)} stackId="types" fill={TYPE_COLORS[index % TYPE_COLORS.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard testId="chart-response-trend" title={t`Response time`} summary={describeResponseTrend(data)}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={trend} margin={{ top: 4, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke={CHART_GRID} vertical={false} />
            <XAxis {...CATEGORY_AXIS} />
            <YAxis {...COUNT_AXIS} unit={` ${minutesUnit}`} width={64} />
            <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [`${String(value)} ${minutesUnit}`, t`Average report → response`]} />
            <Line
              type="monotone"
              dataKey="minutes"
              stroke="var(--color-brand-500)"
              strokeWidth={2}
              // Dots, so a day with the only response still shows; the line joins days across gaps.
              dot={{ r: 3, fill: 'var(--color-brand-500)', strokeWidth: 0 }}
              connectNulls
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
