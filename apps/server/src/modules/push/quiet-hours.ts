import { dayIn, nextDay, startOfDayIn } from '../../lib/time-zone.ts';

/** Quiet hours as stored: `HH:MM` in the barangay's time zone; the end may be past midnight. */
export interface QuietHours {
  start: string;
  end: string;
}

const minutesOf = (clock: string): number => {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

/**
 * When the quiet hours that `at` falls in end, or null when `at` is outside them. `22:00`–`06:00`
 * holds a 23:30 alert until 06:00 the next morning and a 05:00 one until 06:00 the same morning.
 * Wall-clock minutes are counted from the zone's midnight, which is exact for zones without
 * daylight saving (Asia/Manila); on a change-over day elsewhere the end may be an hour off.
 */
export function quietHoursEnd(hours: QuietHours, timeZone: string, at: Date): Date | null {
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  if (start === end) return null;
  const today = dayIn(timeZone, at);
  const midnight = startOfDayIn(timeZone, today);
  const now = Math.floor((at.getTime() - midnight.getTime()) / 60_000);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return null;
  // Past midnight already (or a window within one day): it ends today; before midnight: tomorrow.
  const endDay = now < end ? today : nextDay(today);
  return new Date(startOfDayIn(timeZone, endDay).getTime() + end * 60_000);
}
