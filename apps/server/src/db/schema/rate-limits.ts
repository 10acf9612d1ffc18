import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The per-IP rate limits' counters when the app runs on PostgreSQL (http/rate-limit-store.ts), so
 * every instance sharing the database counts the same calls. One row per limited route and
 * caller: a fixed window that starts at the first call and ends at `window_ends_at`. A row past
 * its window is reused by the next call, and swept now and then. Unlogged (migration 0024, which
 * drizzle cannot express here): a hit skips the write-ahead log, and a crash only empties it.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
);
