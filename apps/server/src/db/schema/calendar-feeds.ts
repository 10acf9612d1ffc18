import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/**
 * A staff member's calendar feed (docs/decisions/034-the-integration-kit.md, "Calendar feeds"): the
 * secret in its URL, kept only as a SHA-256 hash. One a person; a new one replaces the old, and a
 * revoked, deactivated or deleted account has none, so the old URL answers 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Hex SHA-256 of the URL's token: a leaked table gives no live feed away. */
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
