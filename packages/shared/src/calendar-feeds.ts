import { z } from 'zod';

/**
 * A staff member's calendar feed (docs/decisions/034-the-integration-kit.md, "Calendar feeds"): an
 * address a phone's calendar subscribes to, with their shifts for a bounded window.
 */
export const CALENDAR_FEED_WINDOW = {
  /** Shifts that ended up to this many days ago stay in the feed, so last month's still show. */
  daysBack: 30,
  /** Shifts starting up to this many days ahead are in the feed. */
  daysAhead: 90,
} as const;

/** The new feed's address, shown once: only a hash of its secret is kept. */
export const createdCalendarFeedSchema = z.object({
  url: z.string(),
  /** The same address with the webcal: scheme, which phones open as a subscription. */
  webcalUrl: z.string(),
  createdAt: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

/** Whether the caller has a feed, and since when (its address cannot be shown again). */
export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** The feed's path parameter: `<token>.ics`, checked by the service (anything else answers 404). */
export const calendarFeedParamsSchema = z.object({ file: z.string().max(200) });
