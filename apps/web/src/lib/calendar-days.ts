import { formatZoned } from './zoned-time.ts';
/**
 * Day arithmetic on `yyyy-MM-dd` keys, for the month calendars (components/MonthGrid.tsx). A
 * calendar day has no timezone of its own: the barangay's zone decides only which key is "today"
 * (see `dayKey` in lib/zoned-time), so these stay in UTC and cannot be shifted by the device's own
 * zone or its daylight saving.
 */
const MS_PER_DAY = 86_400_000;

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDaysTo = (day: string, days: number): string => fromUtc(toUtc(day) + days * MS_PER_DAY);

/** The first day of the month `offset` months from the one holding `day` (`yyyy-MM-01`). */
export function monthOf(day: string, offset = 0): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + offset;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The same day of the month `offset` months away, clamped to that month's last day (Jan 31 → Feb 28). */
export function sameDayInMonth(day: string, offset: number): string {
  const first = monthOf(day, offset);
  const last = addDaysTo(monthOf(day, offset + 1), -1);
  const wanted = `${first.slice(0, 8)}${day.slice(8)}`;
  return wanted > last ? last : wanted;
}

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (day: string): number => new Date(toUtc(day)).getUTCDay();

/** Whole weeks (Sunday first) covering the month holding `day`, as rows of seven `yyyy-MM-dd` keys. */
export function monthWeeks(day: string): string[][] {
  const first = monthOf(day);
  const last = addDaysTo(monthOf(day, 1), -1);
  const start = addDaysTo(first, -weekdayOf(first));
  const end = addDaysTo(last, 6 - weekdayOf(last));
  const weeks: string[][] = [];
  for (let cursor = start; cursor <= end; cursor = addDaysTo(cursor, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDaysTo(cursor, i)));
  }
  return weeks;
}

/** The day keyboard focus moves to from `day` (the grid pattern of WAI-ARIA), or null for other keys. */
export function dayForKey(day: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDaysTo(day, -1);
    case 'ArrowRight':
      return addDaysTo(day, 1);
    case 'ArrowUp':
      return addDaysTo(day, -7);
    case 'ArrowDown':
      return addDaysTo(day, 7);
    case 'Home':
      return addDaysTo(day, -weekdayOf(day));
    case 'End':
      return addDaysTo(day, 6 - weekdayOf(day));
    case 'PageUp':
      return sameDayInMonth(day, -1);
    case 'PageDown':
      return sameDayInMonth(day, 1);
    default:
      return null;
  }
}

/** "Wednesday, November 25, 2026". */
export const longDate = (day: string): string => formatZoned(toUtc(day), 'EEEE, MMMM d, yyyy', 'UTC');
/** "November 2026". */
export const monthTitle = (day: string): string => formatZoned(toUtc(day), 'MMMM yyyy', 'UTC');
