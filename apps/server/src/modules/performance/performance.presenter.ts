import { msg, plural, t } from '@lingui/core/macro';
import { translatedList } from '@bantay/shared/i18n';
import type { TanodPerformanceSummary } from '@bantay/shared';
import type { CsvCell } from '../../lib/csv.ts';

/** How the report files show the figures. */

/** A rate as a percentage with one decimal, or null (an empty cell) without a denominator. */
export const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** The report's CSV columns, in the request's language when read (decision 029). */
export const CSV_HEADER = translatedList([
  msg`Rank`,
  msg`Tanod`,
  msg`Score`,
  msg`Percentile`,
  msg`Tied with`,
  msg`From`,
  msg`To`,
  msg`Scheduled shifts`,
  msg`Attended shifts`,
  msg`Attendance rate (%)`,
  msg`On-time rate (%)`,
  msg`Average lateness (min)`,
  msg`Patrols completed`,
  msg`Hours patrolled`,
  msg`Distance (km)`,
  msg`Incidents responded`,
  msg`Incidents resolved`,
  msg`Average response (min)`,
  msg`Average resolution (min)`,
  msg`Rating average`,
  msg`Ratings`,
  msg`1 star`,
  msg`2 stars`,
  msg`3 stars`,
  msg`4 stars`,
  msg`5 stars`,
  msg`Loans due`,
  msg`Returned on time`,
  msg`On-time return rate (%)`,
]);

/** The ranking table's cell: "3 of 12", "2 of 5 (tied)", or a dash outside the ranking. */
export function rankCell(item: TanodPerformanceSummary): string {
  if (item.rank === null) return '—';
  const { rank, rankOf } = item;
  return item.tiedWith > 0 ? t`${rank} of ${rankOf} (tied)` : t`${rank} of ${rankOf}`;
}

/** A tanod's place in words: ties and a missing percentile said plainly (performance.score.ts). */
export function placeText(item: TanodPerformanceSummary): string {
  const { rank, rankOf, tiedWith, percentile } = item;
  if (rank === null) return t`not ranked (inactive)`;
  if (percentile === null) return t`rank ${rank} of ${rankOf}, tied with all the others`;
  if (tiedWith > 0) return t`rank ${rank} of ${rankOf} (tied with ${plural(tiedWith, { one: '# other', other: '# others' })}), percentile ${percentile}`;
  return t`rank ${rank} of ${rankOf}, percentile ${percentile}`;
}

export const tanodName = (item: TanodPerformanceSummary) => `${item.tanod.firstName} ${item.tanod.lastName}`;

export function csvRow(item: TanodPerformanceSummary): CsvCell[] {
  return [
    item.rank,
    tanodName(item),
    item.score,
    item.percentile,
    item.tiedWith,
    item.period.from,
    item.period.to,
    item.scheduledShifts,
    item.attendedShifts,
    percent(item.attendanceRate),
    percent(item.onTimeRate),
    item.averageLatenessMinutes,
    item.patrolsCompleted,
    item.hoursPatrolled,
    item.distanceKm,
    item.incidentsResponded,
    item.incidentsResolved,
    item.averageResponseMinutes,
    item.averageResolutionMinutes,
    item.ratingAverage,
    item.ratingCount,
    ...item.ratingDistribution,
    item.loansDue,
    item.loansReturnedOnTime,
    percent(item.onTimeReturnRate),
  ];
}
