/**
 * Times are stored in UTC and shown in the barangay's time zone (architecture: "store UTC, show
 * Asia/Manila, configurable"), whatever zone the viewer's device is set to. These helpers turn an
 * instant into the zone's wall clock for `<input type="datetime-local">` and back.
 */

const FALLBACK_ZONE = 'Asia/Manila';

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallClock(date: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-25T17:00` for the instant, as the zone's clocks show it. */
export function toZonedInput(iso: string, timeZone = FALLBACK_ZONE): string {
  const w = wallClock(new Date(iso), timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant (ISO 8601, UTC) when the zone's clocks show the input's value; null when empty or invalid. */
export function fromZonedInput(value: string, timeZone = FALLBACK_ZONE): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at that moment: read the wall clock at the guess and correct by the
  // difference; a second pass settles the hour around a daylight-saving change.
  let instant = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const w = wallClock(new Date(instant), timeZone);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
    instant += asUtc - shown;
  }
  return new Date(instant).toISOString();
}

/** "Nov 25, 2026, 5:00 PM" in the zone. */
export function formatDateTime(iso: string, timeZone = FALLBACK_ZONE): string {
  return new Intl.DateTimeFormat('en-PH', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** "Nov 25, 2026" in the zone. */
export function formatDate(iso: string, timeZone = FALLBACK_ZONE): string {
  return new Intl.DateTimeFormat('en-PH', { timeZone, dateStyle: 'medium' }).format(new Date(iso));
}

/** "Nov 27, 2026, 5:00 PM – 8:00 PM" on one day, both dates in full across days; in the zone. */
export function formatRange(startIso: string, endIso: string, timeZone = FALLBACK_ZONE): string {
  const sameDay = toZonedInput(startIso, timeZone).slice(0, 10) === toZonedInput(endIso, timeZone).slice(0, 10);
  const end = sameDay
    ? new Intl.DateTimeFormat('en-PH', { timeZone, timeStyle: 'short' }).format(new Date(endIso))
    : formatDateTime(endIso, timeZone);
  return `${formatDateTime(startIso, timeZone)} – ${end}`;
}
