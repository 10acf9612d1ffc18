import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/**
 * Who changed what (docs/product.md §3 "Audit entry"). Every admin and supadmin write appends one row in
 * the same transaction as the change, so a rolled-back change leaves no entry behind.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id),
    /** Verb in snake_case: `create`, `update`, `deactivate`, `reject`, `approve`, … */
    action: text('action').notNull(),
    /** The aggregate, singular kebab-case: `user`, `settings`, `schedule`, `incident`, … */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** Summaries of the changed fields only; never secrets (hashes, tokens, one-time passwords). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entries_at_idx').on(t.at),
    index('audit_entries_actor_at_idx').on(t.actorId, t.at),
    index('audit_entries_entity_idx').on(t.entity, t.entityId),
  ],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
