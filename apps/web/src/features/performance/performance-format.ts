import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, selectOrdinal, t } from '@lingui/core/macro';
import { performancePeriodQuerySchema, type PerformancePeriodKind, type TanodPerformanceSummary } from '@bantay/shared';
import { formatZoned } from '@/lib/zoned-time.ts';

/**
 * How the performance screens write their numbers, and the period the picker stands for. Pure
 * functions, so the rules are tested without a browser: rates come from the server as fractions
 * (0..1), durations as minutes, distances as kilometres; a missing figure (null) is an em dash.
 * The words in them (units, ranks) are in the language on screen: they are called while rendering,
 * so the global `t` reads the active language (docs/decisions/029-languages.md).
 */

const NO_FIGURE = '—';

/**
 * 0.923 → "92%", rounded to a whole percent. A rate that is not zero never reads "0%" ("< 1%"), and
 * one that is not perfect never reads "100%" (0.996 → "99%"): a tanod who missed one shift of 300 missed one.
 */
export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return NO_FIGURE;
  const percent = rate * 100;
  if (percent > 0 && percent < 0.5) return '< 1%';
  if (percent < 100 && percent > 99.5) return '99%';
  return `${Math.round(percent)}%`;
}

/**
 * Minutes as a person says them: 65 → "1 h 5 min", 60 → "1 h", 7 → "7 min", 1 500 → "1 d 1 h".
 * Under half a minute but not zero is "< 1 min"; whole days drop the minutes.
 */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return NO_FIGURE;
  if (minutes > 0 && minutes < 0.5) return t`< 1 min`;
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return t`${total} min`;
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const rest = total % 60;
  if (days > 0) return hours > 0 ? t`${days} d ${hours} h` : t`${days} d`;
  return rest > 0 ? t`${hours} h ${rest} min` : t`${hours} h`;
}

/** Hours on patrol: 12.25 → "12.3 h", 3 → "3 h", 0.4 → "24 min" (short patrols read better in minutes). */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return NO_FIGURE;
  if (hours > 0 && hours < 1) return formatMinutes(hours * 60);
  const rounded = Math.round(hours * 10) / 10;
  const figure = Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1);
  return t`${figure} h`;
}

/** 12.34 → "12.3 km"; under a kilometre in metres, 0.85 → "850 m". */
export function formatKm(km: number | null | undefined): string {
  if (km === null || km === undefined || !Number.isFinite(km)) return NO_FIGURE;
  if (km > 0 && km < 1) return `${Math.round(km * 1000)} m`;
  const rounded = Math.round(km * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} km`;
}

/** 4.333 → "4.3"; no ratings → "—". */
export function formatRating(average: number | null | undefined): string {
  if (average === null || average === undefined || !Number.isFinite(average)) return NO_FIGURE;
  return average.toFixed(1);
}

/** "3 of 12", "Tied 2nd of 12" when others share the rank; a tanod outside the ranking (deactivated) is "Not ranked". */
export function formatRank(rank: number | null, of: number, tiedWith = 0): string {
  if (rank === null) return t`Not ranked`;
  const place = ordinal(rank);
  return tiedWith > 0 ? t`Tied ${place} of ${of}` : t`${rank} of ${of}`;
}

/**
 * The line under the rank: the percentile, who shares the rank, or that nobody stands out (every
 * active tanod with the same score has no percentile: "1st of 5, 0th percentile" said two untrue
 * things at once).
 */
export function rankDetail(summary: Pick<TanodPerformanceSummary, 'rank' | 'rankOf' | 'tiedWith' | 'percentile'>): string {
  if (summary.rank === null) return t`Only active tanods are ranked`;
  const total = summary.rankOf;
  if (summary.percentile === null) return total === 2 ? t`Both tanods have the same score` : t`All ${total} tanods have the same score`;
  const percentile = formatPercentile(summary.percentile);
  if (summary.tiedWith === 0) return percentile;
  const others = summary.tiedWith;
  return t`Same score as ${plural(others, { one: '# other', other: '# others' })} · ${percentile}`;
}

/**
 * 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd" (the language's own ordinal rules: Filipino says
 * "ika-2").
 */
export function ordinal(n: number): string {
  return selectOrdinal(n, { one: '#st', two: '#nd', few: '#rd', other: '#th' });
}

/** The server's percentile (share of the others scoring lower, 100 = best) → "75th percentile". */
export function formatPercentile(percentile: number | null): string {
  if (percentile === null || !Number.isFinite(percentile)) return NO_FIGURE;
  const place = ordinal(Math.round(percentile));
  return t`${place} percentile`;
}

/** A chart bucket's label: "Nov 3" per day, "Wk of Nov 2" when the buckets are weeks. */
export function seriesLabel(day: string, weekly: boolean): string {
  // A calendar day, so read on UTC's clocks: no zone can move it to the day before.
  const text = formatZoned(`${day}T00:00:00Z`, 'MMM d', 'UTC');
  return weekly ? t`Wk of ${text}` : text;
}

// ---- The period picker ----

export const PERIOD_CHOICES: { value: PerformancePeriodKind; label: MessageDescriptor }[] = [
  { value: 'week', label: msg`Week` },
  { value: 'month', label: msg`Month` },
  { value: 'quarter', label: msg`Quarter` },
  { value: 'year', label: msg`Year` },
  { value: 'custom', label: msg`Custom` },
];

/** What the picker holds: a kind, and the custom days (kept while another kind is chosen). */
export interface PeriodSelection {
  period: PerformancePeriodKind;
  from: string;
  to: string;
}

function shift(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The picker's start: this month, with the last 30 days ready for "Custom". `today` is YYYY-MM-DD in the barangay. */
export function initialSelection(today: string): PeriodSelection {
  return { period: 'month', from: shift(today, -29), to: today };
}

/** The query string of a selection: `period=month`, or `period=custom&from=…&to=…`. */
export function periodSearch(selection: PeriodSelection): string {
  const search = new URLSearchParams({ period: selection.period });
  if (selection.period === 'custom') {
    search.set('from', selection.from);
    search.set('to', selection.to);
  }
  return search.toString();
}

/** The request fields of a selection, for the report's body. */
export function periodFields(selection: PeriodSelection): {
  period: PerformancePeriodKind;
  from?: string;
  to?: string;
} {
  return selection.period === 'custom'
    ? { period: 'custom', from: selection.from, to: selection.to }
    : { period: selection.period };
}

/**
 * The custom days' problems, by field, with the server's own rules (the shared schema: both days,
 * `to` not before `from`, at most a year and a day). Empty when the selection can be asked for.
 */
export function periodErrors(selection: PeriodSelection): Partial<Record<'from' | 'to', string>> {
  if (selection.period !== 'custom') return {};
  const parsed = performancePeriodQuerySchema.safeParse({
    period: 'custom',
    from: selection.from || undefined,
    to: selection.to || undefined,
  });
  if (parsed.success) return {};
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Whether the period holds anything at all to chart (a fresh tanod, a future week). */
export function hasActivity(data: TanodPerformanceSummary): boolean {
  return (
    data.scheduledShifts > 0 ||
    data.patrolsCompleted > 0 ||
    data.hoursPatrolled > 0 ||
    data.incidentsResponded > 0 ||
    data.incidentsResolved > 0 ||
    data.ratingCount > 0 ||
    data.loansDue > 0
  );
}
