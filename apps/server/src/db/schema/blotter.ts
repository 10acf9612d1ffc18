import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BlotterValues } from '@bantay/shared';
import { incidents } from './incidents.ts';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/**
 * The barangay blotter (docs/decisions/026-the-blotter.md). Nothing here is ever deleted: an
 * entry keeps its original values, and every correction is an amendment row.
 */

/**
 * The last number given in each calendar year (the barangay's). The entry's insert bumps it in
 * the same transaction (`insert … on conflict do update set last = last + 1 returning last`), so
 * concurrent entries queue on the year's row and a rolled-back entry gives its number back.
 */
export const blotterCounters = pgTable('blotter_counters', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const blotterEntries = pgTable(
  'blotter_entries',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** `2026-0001`. */
    number: text('number').notNull(),
    incidentId: uuid('incident_id').references(() => incidents.id),
    // The current values: the original with every amendment applied.
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    place: text('place').notNull(),
    nature: text('nature').notNull(),
    complainants: jsonb('complainants').$type<BlotterValues['complainants']>().notNull(),
    respondents: jsonb('respondents').$type<BlotterValues['respondents']>().notNull(),
    narrative: text('narrative').notNull(),
    actionTaken: text('action_taken').notNull(),
    status: text('status').$type<BlotterValues['status']>().notNull(),
    referredTo: text('referred_to').$type<BlotterValues['referredTo']>(),
    /** The entry as first recorded; written once, never updated. */
    original: jsonb('original').$type<BlotterValues>().notNull(),
    /**
     * The E.164 phones of every party, current and past, so a resident who was ever named keeps
     * their right to a copy, and the lookup is an index probe.
     */
    partyPhones: text('party_phones').array().notNull().default(sql`'{}'::text[]`),
    confidential: boolean('confidential').notNull().default(false),
    recordedById: uuid('recorded_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blotter_entries_year_sequence_key').on(t.year, t.sequence),
    uniqueIndex('blotter_entries_number_key').on(t.number),
    index('blotter_entries_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('blotter_entries_incident_idx').on(t.incidentId),
    index('blotter_entries_party_phones_idx').using('gin', t.partyPhones),
    check('blotter_entries_status_check', sql`${t.status} in ('recorded', 'referred', 'settled', 'closed')`),
    check('blotter_entries_referral_check', sql`(${t.status} = 'referred') = (${t.referredTo} is not null)`),
  ],
);
export type BlotterEntryRow = typeof blotterEntries.$inferSelect;

export const blotterAmendments = pgTable(
  'blotter_amendments',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => blotterEntries.id),
    sequence: integer('sequence').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<Partial<BlotterValues>>().notNull(),
    after: jsonb('after').$type<Partial<BlotterValues>>().notNull(),
    authorId: uuid('author_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('blotter_amendments_entry_sequence_key').on(t.entryId, t.sequence)],
);
export type BlotterAmendmentRow = typeof blotterAmendments.$inferSelect;

/** Mediation before the Lupon Tagapamayapa. */
export const blotterHearings = pgTable(
  'blotter_hearings',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => blotterEntries.id),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    mediatorId: uuid('mediator_id')
      .notNull()
      .references(() => users.id),
    outcome: text('outcome').$type<'settled' | 'no_show' | 'certificate_to_file_action'>(),
    terms: text('terms'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    outcomeById: uuid('outcome_by_id').references(() => users.id),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blotter_hearings_scheduled_idx').on(t.scheduledAt),
    index('blotter_hearings_entry_idx').on(t.entryId, t.scheduledAt),
    check('blotter_hearings_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('settled', 'no_show', 'certificate_to_file_action')`),
  ],
);
export type BlotterHearingRow = typeof blotterHearings.$inferSelect;

/** A resident party's request for a certified true copy, and the admin's decision. */
export const blotterCopyRequests = pgTable(
  'blotter_copy_requests',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => blotterEntries.id),
    /**
     * Null once the resident deleted their account (docs/decisions/028-advisories-and-privacy.md):
     * the request stays, as the record of what the hall decided about a copy, without its person.
     */
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    reason: text('reason'),
    decidedById: uuid('decided_by_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request per resident and entry: asking twice finds the first.
    uniqueIndex('blotter_copy_requests_open_key').on(t.entryId, t.requesterId).where(sql`${t.status} = 'pending'`),
    index('blotter_copy_requests_status_idx').on(t.status, t.createdAt),
    index('blotter_copy_requests_requester_idx').on(t.requesterId, t.entryId),
    check('blotter_copy_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
export type BlotterCopyRequestRow = typeof blotterCopyRequests.$inferSelect;
