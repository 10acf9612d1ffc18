import { SHIFT_HOURS, type ScheduleRepeat, type ScheduleShift, type ScheduleStatus } from '@bantay/shared';
import { currentLocale, type Locale } from '../../lib/i18n.ts';
import { formatInZone, instantIn, zonedDate } from '../../lib/time-zone.ts';

/**
 * Calendar arithmetic in the barangay's timezone (Asia/Manila by default). Times are stored in
 * UTC; shifts and repeats are defined on the local calendar, so they are computed here.
 */

export interface Window {
  startsAt: Date;
  endsAt: Date;
}

/** The local calendar day of an instant: { y, m (0-11), d, weekday (0 = Sunday) }. */
export function localDay(at: Date, timezone: string) {
  const local = zonedDate(timezone, at);
  return { y: local.getFullYear(), m: local.getMonth(), d: local.getDate(), weekday: local.getDay() };
}

function atLocal(day: { y: number; m: number; d: number }, hour: number, minute: number, second: number, timezone: string): Date {
  return instantIn(timezone, day.y, day.m, day.d, hour, minute, second);
}

/**
 * The window of a shift. Day and night take their hours from SHIFT_HOURS on the local calendar
 * day of `startsAt` (night ends at 06:00 the next day); custom keeps the given times.
 */
export function shiftWindow(shift: ScheduleShift, startsAt: Date, endsAt: Date | undefined, timezone: string): Window {
  if (shift === 'custom') return { startsAt, endsAt: endsAt ?? startsAt };
  const day = localDay(startsAt, timezone);
  const hours = SHIFT_HOURS[shift];
  const start = atLocal(day, hours.startHour, 0, 0, timezone);
  const next = shift === 'night' ? { ...day, d: day.d + 1 } : day;
  return { startsAt: start, endsAt: atLocal(next, hours.endHour, 0, 0, timezone) };
}

/**
 * The occurrences of a repeat: every local day from the first window's day up to `until`
 * (inclusive) whose weekday is chosen, at the same local time and with the same length. Stops
 * after `max + 1` windows, so the caller can tell the repeat is too long.
 */
export function repeatWindows(first: Window, repeat: ScheduleRepeat, timezone: string, max: number): Window[] {
  const start = zonedDate(timezone, first.startsAt);
  const length = first.endsAt.getTime() - first.startsAt.getTime();
  const [untilY, untilM, untilD] = repeat.until.split('-').map(Number) as [number, number, number];
  const lastDay = Date.UTC(untilY, untilM - 1, untilD);
  const windows: Window[] = [];
  for (let offset = 0; ; offset += 1) {
    const day = { y: start.getFullYear(), m: start.getMonth(), d: start.getDate() + offset };
    const normalized = new Date(Date.UTC(day.y, day.m, day.d));
    if (normalized.getTime() > lastDay || windows.length > max) break;
    if (!repeat.weekdays.includes(normalized.getUTCDay())) continue;
    const startsAt = atLocal(day, start.getHours(), start.getMinutes(), start.getSeconds(), timezone);
    windows.push({ startsAt, endsAt: new Date(startsAt.getTime() + length) });
  }
  return windows;
}

export function scheduleStatus(window: Window, now: Date): ScheduleStatus {
  if (now < window.startsAt) return 'upcoming';
  if (now < window.endsAt) return 'ongoing';
  return 'completed';
}

export const overlaps = (a: Window, b: Window) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/**
 * "Mon 25 Nov 06:00–18:00" in the barangay's timezone, for messages; day and month names in the
 * language being written (decision 029), "Lun 25 Nob 06:00–18:00" in Filipino.
 */
export function describeWindow(window: Window, timezone: string, locale: Locale = currentLocale()): string {
  return `${formatInZone(timezone, window.startsAt, 'EEE d MMM HH:mm', locale)}–${formatInZone(timezone, window.endsAt, 'HH:mm', locale)}`;
}
