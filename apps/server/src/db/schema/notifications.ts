import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/** One row per recipient. The category of the brief is derived from the message. */
export const notifications = pgTable(
  'notifications',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    /** What happened, `<area>.<event>` or `general`. */
    kind: text('kind').notNull().default('general'),
    /** What a click opens; text so new entity types need no migration. */
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    /** The app path a click opens (the subject's page for this recipient's role); null when none. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A number to call back (a missed-call SOS, docs/decisions/032-the-text-line.md), E.164; last, as the migration added it. */
    callbackPhone: text('callback_phone'),
  },
  (t) => [
    // The panel's list: one user's notifications, newest first, with the id as a tie-breaker for
    // the cursor.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The unread dot and the unread list touch only the (few) unread rows.
    index('notifications_user_unread_idx').on(t.userId, t.createdAt.desc()).where(sql`${t.read} = false`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
