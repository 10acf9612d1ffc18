/**
 * Calendar days in the barangay's time zone (Asia/Manila by default, configurable in settings).
 * Times are stored in UTC; a "day" (the overdue job's once a day, a report's period) is the
 * barangay's, wherever the server runs.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(
  timeZone: string,
  at: Date,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetMs(timeZone: string, at: Date): number {
  const wall = wallClock(timeZone, at);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  const wall = wallClock(timeZone, at);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

/** The instant a calendar day (`YYYY-MM-DD`) begins in a time zone. */
export function startOfDayIn(timeZone: string, day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, date);
  // Apply the offset, then again with the offset at the result, for zones that change it (DST).
  const first = midnightUtc - offsetMs(timeZone, new Date(midnightUtc));
  return new Date(midnightUtc - offsetMs(timeZone, new Date(first)));
}

/** The next calendar day of `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** An instant as the barangay reads it: `Nov 25, 2026, 14:05`. */
export function formatInZone(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}
