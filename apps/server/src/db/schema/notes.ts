import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/** A staff member's own calendar note on a day (docs/product.md §3 "Note"), shown on their dashboard. */
export const notes = pgTable(
  'notes',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The calendar day in the barangay's timezone, `YYYY-MM-DD`. */
    day: date('day', { mode: 'string' }).notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notes_user_day_idx').on(t.userId, t.day)],
);

export type NoteRow = typeof notes.$inferSelect;
