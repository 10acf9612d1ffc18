import type { TanodPerformanceSummary } from '@bantay/shared';
import type { CsvCell } from '../../lib/csv.ts';

/** How the report files show the figures. */

/** A rate as a percentage with one decimal, or null (an empty cell) without a denominator. */
export const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** The report's columns, shared by the CSV and the PDF's ranking table. */
export const CSV_HEADER = [
  'Rank',
  'Tanod',
  'Score',
  'Percentile',
  'Tied with',
  'From',
  'To',
  'Scheduled shifts',
  'Attended shifts',
  'Attendance rate (%)',
  'On-time rate (%)',
  'Average lateness (min)',
  'Patrols completed',
  'Hours patrolled',
  'Distance (km)',
  'Incidents responded',
  'Incidents resolved',
  'Average response (min)',
  'Average resolution (min)',
  'Rating average',
  'Ratings',
  '1 star',
  '2 stars',
  '3 stars',
  '4 stars',
  '5 stars',
  'Loans due',
  'Returned on time',
  'On-time return rate (%)',
];

/** The ranking table's cell: "3 of 12", "2 of 5 (tied)", or a dash outside the ranking. */
export function rankCell(item: TanodPerformanceSummary): string {
  if (item.rank === null) return '—';
  return `${item.rank} of ${item.rankOf}${item.tiedWith > 0 ? ' (tied)' : ''}`;
}

/** A tanod's place in words: ties and a missing percentile said plainly (performance.score.ts). */
export function placeText(item: TanodPerformanceSummary): string {
  if (item.rank === null) return 'not ranked (inactive)';
  if (item.percentile === null) return `rank ${item.rank} of ${item.rankOf}, tied with all the others`;
  const tie = item.tiedWith > 0 ? ` (tied with ${item.tiedWith} ${item.tiedWith === 1 ? 'other' : 'others'})` : '';
  return `rank ${item.rank} of ${item.rankOf}${tie}, percentile ${item.percentile}`;
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
