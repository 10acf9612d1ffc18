import type { AdminDashboard } from '@bantay/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 3" for a day; "wk Nov 3" for a week's bucket. */
export function bucketLabel(day: string, bucket: 'day' | 'week'): string {
  const [, month, date] = day.split('-').map(Number) as [number, number, number];
  const label = `${MONTHS[month - 1]} ${date}`;
  return bucket === 'week' ? `wk ${label}` : label;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The incidents chart in words: how many, and the commonest types. */
export function describeIncidentsOverTime(data: AdminDashboard): string {
  const total = data.incidentsOverTime.types.reduce((sum, t) => sum + t.count, 0);
  if (total === 0) return `No incidents reported in ${data.period.label}.`;
  const top = data.incidentsOverTime.types
    .slice(0, 3)
    .map((t) => `${t.type} ${t.count}`)
    .join(', ');
  return `${plural(total, 'incident')} in ${data.period.label}, per ${data.incidentsOverTime.bucket}; most: ${top}.`;
}

/** The response chart in words: the period's mean over every responded report. */
export function describeResponseTrend(data: AdminDashboard): string {
  let responded = 0;
  let minutes = 0;
  for (const point of data.responseTrend) {
    if (point.averageMinutes === null) continue;
    responded += point.responded;
    minutes += point.averageMinutes * point.responded;
  }
  if (responded === 0) return `No responses in ${data.period.label}.`;
  return `Average minutes from report to response, per ${data.incidentsOverTime.bucket}: ${formatMinutes(minutes / responded)} over ${plural(responded, 'response')} in ${data.period.label}.`;
}

/** "12 min", "1 h 05 min". */
export function formatMinutes(value: number): string {
  const rounded = Math.round(value);
  if (rounded < 60) return `${rounded} min`;
  return `${Math.floor(rounded / 60)} h ${String(rounded % 60).padStart(2, '0')} min`;
}
