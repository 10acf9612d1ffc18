import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ASSISTANCE_AGENCIES, ASSISTANCE_STATUSES } from '@bantay/shared';
import { incidents } from './incidents.ts';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

export const assistanceStatusEnum = pgEnum('assistance_status', ASSISTANCE_STATUSES);
export const assistanceAgencyEnum = pgEnum('assistance_agency', ASSISTANCE_AGENCIES);

/** docs/product.md §3 and §4.5: a tanod's call for backup, with or without an incident. */
export const assistanceRequests = pgTable(
  'assistance_requests',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id').references(() => incidents.id),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy: doublePrecision('accuracy'),
    reason: text('reason').notNull(),
    status: assistanceStatusEnum('status').notNull().default('pending'),
    decidedById: uuid('decided_by_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    agency: assistanceAgencyEnum('agency'),
    agencyReference: text('agency_reference'),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assistance_requests_created_idx').on(t.createdAt.desc()),
    index('assistance_requests_open_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.status} in ('pending', 'approved', 'deployed')`),
    index('assistance_requests_incident_idx').on(t.incidentId),
    index('assistance_requests_requester_idx').on(t.requesterId, t.createdAt.desc()),
  ],
);
export type AssistanceRequestRow = typeof assistanceRequests.$inferSelect;
export type NewAssistanceRequestRow = typeof assistanceRequests.$inferInsert;

/** The tanods an admin dispatched with an approval. */
export const assistanceDispatches = pgTable(
  'assistance_dispatches',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => assistanceRequests.id),
    tanodId: uuid('tanod_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.tanodId] }), index('assistance_dispatches_tanod_idx').on(t.tanodId)],
);

/**
 * The on-duty tanods a request's alert was sent to (assistance.service.ts `backupRecipients`). A
 * request about a confidential case is listed to them, its requester, the dispatched tanods and the
 * admins only (docs/decisions/027-confidential-cases.md); a tanod's rows go with their account.
 */
export const assistanceAlerts = pgTable(
  'assistance_alerts',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => assistanceRequests.id, { onDelete: 'cascade' }),
    tanodId: uuid('tanod_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.tanodId] })],
);
