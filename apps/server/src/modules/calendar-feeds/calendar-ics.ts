import ical, { ICalAlarmType, ICalEventBusyStatus, ICalEventStatus } from 'ical-generator';

/**
 * Writes a person's shifts as an RFC 5545 calendar with ical-generator, which folds lines at 75
 * octets and escapes text (commas, semicolons, backslashes, new lines) as the RFC asks: a feed of
 * names and notes that admins type is exactly where a hand-written writer goes wrong.
 *
 * Times are written in UTC (`…Z`), which every calendar reads and shows in the phone's own zone;
 * X-WR-TIMEZONE names the barangay's zone for the clients that label the calendar with it. A
 * VTIMEZONE would only restate Asia/Manila's fixed offset, at the price of a zone generator.
 */

export interface FeedShift {
  /** The schedule occurrence's id: each occurrence of a repeat is its own row, so its own UID. */
  id: string;
  summary: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  /** The last change to what the event shows (the occurrence, or its area's name). */
  lastModified: Date;
  /** Grows with every change of the occurrence, so a calendar takes the new version over the old. */
  sequence: number;
  location: { title: string; point: { lat: number; lng: number } | null };
  reminder: { beforeSeconds: number; text: string } | null;
}

interface FeedCalendar {
  name: string;
  description: string;
  timezone: string;
  /** The UIDs' domain: the server's public host, so two Bantay servers' events never share one. */
  uidDomain: string;
  /** How often a calendar should read the feed again. */
  refreshSeconds: number;
  /** A link to the person's schedule in the app, on every event. */
  appUrl: string;
  shifts: FeedShift[];
}

export function writeCalendar(feed: FeedCalendar): string {
  const calendar = ical({
    prodId: { company: 'Bantay', product: 'Patrol schedule', language: 'EN' },
    name: feed.name,
    description: feed.description,
    ttl: feed.refreshSeconds,
    x: { 'X-WR-TIMEZONE': feed.timezone },
  });
  for (const shift of feed.shifts) {
    calendar.createEvent({
      id: `${shift.id}@${feed.uidDomain}`,
      sequence: shift.sequence,
      // No METHOD: DTSTAMP is then when the event's information last changed (RFC 5545 §3.8.7.2),
      // which keeps the body, and so its ETag, the same between reads while nothing changes.
      stamp: shift.lastModified,
      created: shift.createdAt,
      lastModified: shift.lastModified,
      start: shift.startsAt,
      end: shift.endsAt,
      summary: shift.summary,
      description: shift.description,
      location: shift.location.point
        ? { title: shift.location.title, geo: { lat: round(shift.location.point.lat), lon: round(shift.location.point.lng) } }
        : shift.location.title,
      status: ICalEventStatus.CONFIRMED,
      busystatus: ICalEventBusyStatus.BUSY,
      url: feed.appUrl,
      alarms: shift.reminder ? [{ type: ICalAlarmType.display, trigger: shift.reminder.beforeSeconds, description: shift.reminder.text }] : [],
    });
  }
  return calendar.toString();
}

/** Six decimals (about 10 cm): enough for a map pin, and a stable text. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
