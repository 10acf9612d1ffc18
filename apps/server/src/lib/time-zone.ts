import { TZDate } from '@date-fns/tz';
import { fil } from '@bantay/shared/date-locale';
import { format, type Locale as DateFnsLocale } from 'date-fns';
import type { Locale } from './i18n.ts';

/**
 * Calendar days and clock times in the barangay's time zone (Asia/Manila by default, configurable
 * in settings). Times are stored in UTC; a "day" (the overdue job's once a day, a report's period)
 * and a time printed on a PDF or a CSV are the barangay's, wherever the server runs. Every zoned
 * label goes through `formatInZone`'s date-fns patterns, so labels never depend on a locale's
 * whims (the web does the same in apps/web/src/lib/zoned-time.ts). Month and day names are English
 * unless a language is given: a document for the reader passes `currentLocale()` (Filipino names
 * from the shared package's date-fns locale, decision 029); what is stored stays English.
 */

const DATE_FNS_LOCALES: Record<Locale, DateFnsLocale | undefined> = { en: undefined, fil };

/** The instant as the zone's clocks show it (date-fns reads its fields there). */
export function zonedDate(timeZone: string, at: Date | number): TZDate {
  return new TZDate(+at, timeZone);
}

/**
 * `at` on the zone's clocks, in a date-fns pattern: `formatInZone('Asia/Manila', at, 'HH:mm')`;
 * month and day names in `locale` (English by default).
 */
export function formatInZone(timeZone: string, at: Date | number, pattern = 'MMM d, yyyy, HH:mm', locale: Locale = 'en'): string {
  const dateFnsLocale = DATE_FNS_LOCALES[locale];
  return dateFnsLocale ? format(zonedDate(timeZone, at), pattern, { locale: dateFnsLocale }) : format(zonedDate(timeZone, at), pattern);
}

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return formatInZone(timeZone, at, 'yyyy-MM-dd');
}

/**
 * The instant the zone's clocks show a wall-clock time (`month` 0-11; days and hours past their
 * range roll over, as in `Date`).
 */
export function instantIn(timeZone: string, year: number, month: number, date: number, hours = 0, minutes = 0, seconds = 0): Date {
  return new Date(+new TZDate(year, month, date, hours, minutes, seconds, timeZone));
}

/** The instant a calendar day (`YYYY-MM-DD`) begins in a time zone. */
export function startOfDayIn(timeZone: string, day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return instantIn(timeZone, year, month - 1, date);
}

/** The next calendar day of `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** Whether `name` is a time zone this server knows (an IANA name such as `Asia/Manila`). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
