import { TZDate } from '@date-fns/tz';
import { addDays, endOfMonth, endOfWeek, format, startOfMonth, startOfWeek, type Locale as DateFnsLocale } from 'date-fns';
import { fil } from '@bantay/shared/date-locale';
import { currentLocale } from './i18n.ts';

/**
 * Calendar arithmetic and labels in the barangay's timezone (docs/product.md §3, default Asia/Manila),
 * whatever the device's own zone: a shift "06:00–18:00" means Manila time on every screen.
 */
export const DEFAULT_TIMEZONE: string = 'Asia/Manila' as const;

/**
 * The date-fns locale of the language on screen (decision 029): Filipino month and day names, or
 * date-fns' own English. Read at call time, so a label made during a render follows the language
 * switch. Pass it as `{ locale: dateLocale() }` to any other date-fns function that writes words
 * (`formatDistanceToNow`, for one).
 */
export function dateLocale(): DateFnsLocale | undefined {
  return currentLocale() === 'fil' ? fil : undefined;
}

/** An instant seen in the zone (date-fns then computes days and weeks there). */
function zoned(instant: string | number | Date, timeZone: string): TZDate {
  return new TZDate(typeof instant === 'string' ? Date.parse(instant) : +instant, timeZone);
}

/**
 * The instant in a date-fns pattern on the zone's clocks (the device's while the zone is not
 * known yet), with the month and day names of the language on screen: every date label on screen
 * goes through here or the helpers below, so none depends on a browser's own formats. A pattern
 * holds no words of its own (no quoted `'at'`): what a language puts between a date and a time
 * belongs in the catalogue, not in the pattern.
 */
export function formatZoned(instant: string | number | Date, pattern: string, timeZone?: string): string {
  const at = typeof instant === 'string' ? Date.parse(instant) : +instant;
  return format(timeZone ? zoned(at, timeZone) : at, pattern, { locale: dateLocale() });
}

/**
 * A date already seen in its zone (a day of `weekDays` or `monthGrid`, a TZDate) in a date-fns
 * pattern, in the language on screen: what `format(day, 'EEE d')` would give, translated.
 */
export function formatDay(day: Date, pattern: string): string {
  return format(day, pattern, { locale: dateLocale() });
}

/** `yyyy-MM-dd` of the instant in the zone: the key of a calendar cell. */
export function dayKey(instant: string | number | Date, timeZone: string): string {
  return format(zoned(instant, timeZone), 'yyyy-MM-dd');
}

/** The instant of a wall-clock date and time in the zone, as ISO 8601 (`2026-11-25`, `18:00`). */
export function zonedToIso(day: string, time: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(+new TZDate(year, month - 1, date, hours, minutes, timeZone)).toISOString();
}

/** The wall-clock parts of an instant in the zone, for date and time inputs. */
export function isoToZonedParts(instant: string, timeZone: string): { day: string; time: string } {
  const local = zoned(instant, timeZone);
  return { day: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}

/** The seven days (Sunday first, as the repeat's weekday numbers) of the week holding `day`. */
export function weekDays(day: string, timeZone: string): TZDate[] {
  const start = startOfWeek(zoned(zonedToIso(day, '12:00', timeZone), timeZone));
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** Whole weeks covering the month holding `day`, as rows of seven days. */
export function monthGrid(day: string, timeZone: string): TZDate[][] {
  const anchor = zoned(zonedToIso(day, '12:00', timeZone), timeZone);
  const first = startOfWeek(startOfMonth(anchor));
  const last = endOfWeek(endOfMonth(anchor));
  const weeks: TZDate[][] = [];
  for (let cursor = first; cursor <= last; cursor = addDays(cursor, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(cursor, i)));
  }
  return weeks;
}

export function shiftDay(day: string, days: number, timeZone: string): string {
  return format(addDays(zoned(zonedToIso(day, '12:00', timeZone), timeZone), days), 'yyyy-MM-dd');
}

export const formatTime = (instant: string, timeZone = DEFAULT_TIMEZONE) => formatDay(zoned(instant, timeZone), 'h:mm a');
export const formatDate = (instant: string, timeZone = DEFAULT_TIMEZONE) => formatDay(zoned(instant, timeZone), 'EEE, MMM d');
export const formatDateTime = (instant: string, timeZone = DEFAULT_TIMEZONE) => formatDay(zoned(instant, timeZone), 'EEE, MMM d · h:mm a');

/** "6:00 AM – 6:00 PM", with the end's date when it falls on another day. */
export function formatPeriod(startsAt: string, endsAt: string, timeZone: string): string {
  const sameDay = dayKey(startsAt, timeZone) === dayKey(endsAt, timeZone);
  return `${formatTime(startsAt, timeZone)} – ${sameDay ? formatTime(endsAt, timeZone) : formatDateTime(endsAt, timeZone)}`;
}

/** "6:00 PM – 6:00 AM (+1)": the times only, for narrow calendar cells. */
export function formatTimes(startsAt: string, endsAt: string, timeZone: string): string {
  const days = Math.round((Date.parse(zonedToIso(dayKey(endsAt, timeZone), '12:00', timeZone)) - Date.parse(zonedToIso(dayKey(startsAt, timeZone), '12:00', timeZone))) / 86_400_000);
  return `${formatTime(startsAt, timeZone)} – ${formatTime(endsAt, timeZone)}${days > 0 ? ` (+${days})` : ''}`;
}

/** `2026-11-25T17:00` for the instant on the zone's clocks: the value of a datetime-local input. */
export function toZonedInput(instant: string, timeZone = DEFAULT_TIMEZONE): string {
  const { day, time } = isoToZonedParts(instant, timeZone);
  return `${day}T${time}`;
}

/** The instant (ISO 8601) when the zone's clocks show a datetime-local value; null when empty or malformed. */
export function fromZonedInput(value: string, timeZone = DEFAULT_TIMEZONE): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  return match ? zonedToIso(match[1]!, match[2]!, timeZone) : null;
}

/** "Wed, Nov 25 · 5:00 PM – 8:00 PM" on one day; the end's date too when it falls on another. */
export function formatRange(startsAt: string, endsAt: string, timeZone = DEFAULT_TIMEZONE): string {
  return `${formatDate(startsAt, timeZone)} · ${formatPeriod(startsAt, endsAt, timeZone)}`;
}
