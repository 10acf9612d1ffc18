import { plural, t } from '@lingui/core/macro';
import type { AdminDashboard } from '@bantay/shared';
import { formatZoned } from '@/lib/zoned-time.ts';
import { incidentTypeLabel } from '@bantay/shared';

/*
 * The admin dashboard's wording. Each helper is called while the page renders, so the global `t`
 * reads the language on screen (docs/product.md §12).
 */

/** "Nov 3" for a day; "wk Nov 3" for a week's bucket. A bucket is a calendar day, so it is read in UTC. */
export function bucketLabel(day: string, bucket: 'day' | 'week'): string {
  const label = formatZoned(`${day}T00:00:00Z`, 'MMM d', 'UTC');
  return bucket === 'week' ? t`wk ${label}` : label;
}

/** The incidents chart in words: how many, and the commonest types. */
export function describeIncidentsOverTime(data: AdminDashboard): string {
  const total = data.incidentsOverTime.types.reduce((sum, type) => sum + type.count, 0);
  const period = data.period.label;
  if (total === 0) return t`No incidents reported in ${period}.`;
  const top = data.incidentsOverTime.types
    .slice(0, 3)
    .map((type) => `${incidentTypeLabel(type.type)} ${type.count}`)
    .join(', ');
  return data.incidentsOverTime.bucket === 'week'
    ? t`${plural(total, { one: '# incident', other: '# incidents' })} in ${period}, per week; most: ${top}.`
    : t`${plural(total, { one: '# incident', other: '# incidents' })} in ${period}, per day; most: ${top}.`;
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
  const period = data.period.label;
  if (responded === 0) return t`No responses in ${period}.`;
  const mean = formatMinutes(minutes / responded);
  return data.incidentsOverTime.bucket === 'week'
    ? t`Average minutes from report to response, per week: ${mean} over ${plural(responded, { one: '# response', other: '# responses' })} in ${period}.`
    : t`Average minutes from report to response, per day: ${mean} over ${plural(responded, { one: '# response', other: '# responses' })} in ${period}.`;
}

/** "12 min", "1 h 05 min". */
export function formatMinutes(value: number): string {
  const rounded = Math.round(value);
  if (rounded < 60) return t`${rounded} min`;
  const hours = Math.floor(rounded / 60);
  const minutes = String(rounded % 60).padStart(2, '0');
  return t`${hours} h ${minutes} min`;
}
