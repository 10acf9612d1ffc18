import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { incidents } from './incidents.ts';
import { barangayColumn } from './barangays.ts';

export const evaluationSourceEnum = pgEnum('evaluation_source', ['directory', 'ticket']);

/** docs/product.md §3 and §4.9: ratings of tanods by the public. */
export const evaluations = pgTable(
  'evaluations',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    tanodId: uuid('tanod_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    source: evaluationSourceEnum('source').notNull(),
    /** The resolved incident of a ticket rating. */
    incidentId: uuid('incident_id').references(() => incidents.id),
    /** A signed-in resident; null otherwise. */
    residentId: uuid('resident_id').references(() => users.id),
    /** The name shown with the comment; null shows "Anonymous". */
    reviewerName: text('reviewer_name'),
    /** sha256 of the browser's device id (directory ratings). */
    deviceHash: text('device_hash'),
    /** Hidden by an admin (moderation): not shown, not counted. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('evaluations_rating_range', sql`${t.rating} between 1 and 5`),
    index('evaluations_tanod_created_idx').on(t.tanodId, t.createdAt.desc()),
    index('evaluations_device_tanod_idx').on(t.deviceHash, t.tanodId, t.createdAt),
    index('evaluations_resident_tanod_idx').on(t.residentId, t.tanodId, t.createdAt),
    // docs/product.md §4.9: a ticket rates its responder once.
    uniqueIndex('evaluations_ticket_once_key').on(t.incidentId).where(sql`${t.source} = 'ticket'`),
  ],
);
export type EvaluationRow = typeof evaluations.$inferSelect;
