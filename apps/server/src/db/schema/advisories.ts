import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ADVISORY_SEVERITIES, type AdvisoryOrigin } from '@bantay/shared';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

export const advisorySeverityEnum = pgEnum('advisory_severity', ADVISORY_SEVERITIES);

/**
 * The barangay's warnings to residents (typhoon, flood, curfew), decision 028. Active while
 * `starts_at <= now < ends_at` (or with no end); the state is derived from the clock, never stored.
 */
export const advisories = pgTable(
  'advisories',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    severity: advisorySeverityEnum('severity').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The patrol areas it concerns; empty for the whole barangay. Kept as ids: an area may be retired later. */
    patrolAreaIds: uuid('patrol_area_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When the opted-in residents' alerts were written: at creation for an advisory that starts at
     * once, else by the announcement job at its start. Set in the same transaction as the alerts.
     */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /**
     * A draft is seen by the admins only: not public, not announced, not in the CAP feed, until an
     * admin publishes it. Alerts read from an outside CAP feed arrive as drafts
     * (docs/decisions/034-the-integration-kit.md, "CAP in"); an admin's own advisory is published at once.
     */
    draft: boolean('draft').notNull().default(false),
    /** When an admin published a draft; null for an advisory published when written (then `created_at`). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Where a draft came from (an outside CAP alert's sender and identifiers); null for an admin's own. */
    origin: jsonb('origin').$type<AdvisoryOrigin>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public list reads advisories not yet ended; the job those not yet announced.
    index('advisories_ends_at_idx').on(t.endsAt),
    index('advisories_unannounced_idx').on(t.startsAt).where(sql`${t.announcedAt} is null`),
  ],
);
export type AdvisoryRow = typeof advisories.$inferSelect;

/** A resident's choice to get advisories by web push and/or SMS (off until they opt in). */
export const advisoryOptIns = pgTable('advisory_opt_ins', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  push: boolean('push').notNull().default(false),
  sms: boolean('sms').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AdvisoryOptInRow = typeof advisoryOptIns.$inferSelect;

/**
 * Every CAP message read from an outside feed (Alert, Update, Cancel), by its CAP reference key
 * `<sender>,<identifier>,<sent>`: a message read again on the next poll is skipped, and an Update
 * or Cancel finds the advisory of the message it references here.
 */
export const capReceivedAlerts = pgTable('cap_received_alerts', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  referenceKey: text('reference_key').primaryKey(),
  advisoryId: uuid('advisory_id').references(() => advisories.id, { onDelete: 'set null' }),
  msgType: text('msg_type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** When each configured CAP feed was last read, so the poll interval holds across instances and restarts. */
export const capFeedPolls = pgTable('cap_feed_polls', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  url: text('url').primaryKey(),
  polledAt: timestamp('polled_at', { withTimezone: true }).notNull(),
  lastError: text('last_error'),
});
