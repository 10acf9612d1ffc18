import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { INCIDENT_CLASSIFICATIONS, INCIDENT_EVENT_KINDS, INCIDENT_PHOTO_PURPOSES, INCIDENT_SOURCES, INCIDENT_STATUSES } from '@bantay/shared';
import { accountLanguageEnum, users } from './users.ts';
import { barangayColumn } from './barangays.ts';

export const incidentClassificationEnum = pgEnum('incident_classification', INCIDENT_CLASSIFICATIONS);
export const incidentStatusEnum = pgEnum('incident_status', INCIDENT_STATUSES);
export const incidentEventKindEnum = pgEnum('incident_event_kind', INCIDENT_EVENT_KINDS);
export const incidentPhotoPurposeEnum = pgEnum('incident_photo_purpose', INCIDENT_PHOTO_PURPOSES);
export const incidentSourceEnum = pgEnum('incident_source', INCIDENT_SOURCES);

/** docs/product.md §3. Nothing is deleted: rejections and false alarms are statuses. */
export const incidents = pgTable(
  'incidents',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    /** `IR-XXXX-XXXX` / `ER-XXXX-XXXX`, random: it is the reporter's only key to the lookup. */
    ticket: text('ticket').notNull(),
    type: text('type').notNull(),
    classification: incidentClassificationEnum('classification').notNull(),
    status: incidentStatusEnum('status').notNull().default('pending'),
    description: text('description').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy: doublePrecision('accuracy'),
    address: text('address'),
    landmark: text('landmark'),
    /** A signed-in resident; null for anonymous reports. */
    reporterId: uuid('reporter_id').references(() => users.id),
    reporterName: text('reporter_name'),
    /** E.164. */
    reporterPhone: text('reporter_phone'),
    /**
     * The language of the request that made the report (decision 029): the texts sent to a
     * reporter without an account (the receipt, the resolution) are written in it.
     */
    reporterLanguage: accountLanguageEnum('reporter_language'),
    /** sha256 of the browser's device id, for the per-device report limit. */
    deviceHash: text('device_hash'),
    responderId: uuid('responder_id').references(() => users.id),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    resolvedById: uuid('resolved_by_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionLog: text('resolution_log'),
    /** The reason of a rejection or a false alarm (shown on the public timeline). */
    closingReason: text('closing_reason'),
    /** docs/product.md §4.2: an open report of the same type within 100 m and 30 minutes; a hint for staff. */
    possibleDuplicateOfId: uuid('possible_duplicate_of_id').references((): AnyPgColumn => incidents.id),
    /**
     * The id the reporter's browser made for this report (decision 016): a report sent again after
     * a lost answer or from the offline queue finds this row instead of making a second one.
     */
    clientId: uuid('client_id'),
    /**
     * Sent from a page without JavaScript (modules/plain-pages), which cannot solve the bot check:
     * taken under a tighter per-address limit, and marked so for staff
     * (docs/decisions/033-pages-without-javascript.md).
     */
    sentWithoutBotCheck: boolean('sent_without_bot_check').notNull().default(false),
    /**
     * Seen only by admins and its responder (docs/decisions/027-confidential-cases.md): copied from
     * the type's flag at report time, changed by an admin with `POST /api/incidents/{id}/confidential`.
     */
    confidential: boolean('confidential').notNull().default(false),
    /**
     * An emergency let in beyond its network address's hourly report limit, as part of a burst
     * (many phones behind one carrier address: docs/decisions/031-emergency-bursts.md). Staff see it marked.
     */
    burst: boolean('burst').notNull().default(false),
    /**
     * For a burst report that duplicates an open one: the incident whose alert already told staff
     * (the first of the group). Set, the report alerts nobody by itself and escalates not on its
     * own; the burst summary job counts it (modules/incidents/emergency-bursts.job.ts).
     */
    burstGroupId: uuid('burst_group_id').references((): AnyPgColumn => incidents.id),
    /** When a burst summary counted this held report; null until then. */
    burstSummarizedAt: timestamp('burst_summarized_at', { withTimezone: true }),
    /** How it came in: the web form, a text or a missed call (docs/decisions/032-the-text-line.md). */
    source: incidentSourceEnum('source').notNull().default('web'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('incidents_ticket_key').on(t.ticket),
    uniqueIndex('incidents_client_id_key').on(t.clientId),
    // Staff lists: by status, newest first; and the archive by date.
    index('incidents_status_created_idx').on(t.status, t.createdAt.desc()),
    index('incidents_created_idx').on(t.createdAt.desc()),
    // The admin dashboard's charts and heat map read a period's incidents by report time and need
    // only these columns: with all of them in the index the read is an index-only scan.
    // The heat map leaves confidential cases out, so the flag is in it too.
    index('incidents_created_chart_idx').on(t.createdAt, t.status, t.type, t.lat, t.lng, t.respondedAt, t.confidential),
    // The duplicate lookup only ever reads open reports of one type from the last 30 minutes.
    index('incidents_open_type_created_idx')
      .on(t.type, t.createdAt)
      .where(sql`${t.status} in ('pending', 'in_progress')`),
    index('incidents_reporter_idx').on(t.reporterId, t.createdAt.desc()),
    index('incidents_device_created_idx').on(t.deviceHash, t.createdAt),
    // docs/product.md §4.4: a tanod holds one in-progress incident at a time. The claim's conditional
    // update checks it first; this index makes it hold even when two claims race.
    uniqueIndex('incidents_one_active_per_responder_key')
      .on(t.responderId)
      .where(sql`${t.status} = 'in_progress'`),
    // The tanod's view: what they responded to.
    index('incidents_responder_idx').on(t.responderId, t.createdAt.desc()),
    // Performance: the responses and resolutions of a period, for every tanod at once.
    index('incidents_responded_at_idx').on(t.respondedAt).where(sql`${t.respondedAt} is not null`),
    index('incidents_resolved_at_idx').on(t.resolvedAt).where(sql`${t.resolvedAt} is not null`),
    // The burst summary job: the held reports no summary has counted yet, and the last summary's time.
    index('incidents_burst_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.burstGroupId} is not null and ${t.burstSummarizedAt} is null`),
    index('incidents_burst_summarized_idx').on(t.burstSummarizedAt).where(sql`${t.burstSummarizedAt} is not null`),
  ],
);
export type IncidentRow = typeof incidents.$inferSelect;
export type NewIncidentRow = typeof incidents.$inferInsert;

/** The timeline: staff see all of it, the public the steps without staff notes. */
export const incidentEvents = pgTable(
  'incident_events',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who did it; null for the public (reports, ratings) and the system. */
    actorId: uuid('actor_id').references(() => users.id),
    kind: incidentEventKindEnum('kind').notNull(),
    /** The tanod concerned: the one assigned or responding. */
    subjectUserId: uuid('subject_user_id').references(() => users.id),
    /** Free text: a note, a reason, a resolution log. */
    detail: text('detail'),
  },
  (t) => [index('incident_events_incident_at_idx').on(t.incidentId, t.at)],
);
export type IncidentEventRow = typeof incidentEvents.$inferSelect;

/**
 * Photos uploaded before the report (`POST /api/public/photos`), claimed by the report, and the
 * staff's evidence from the scene (`POST /api/incidents/{id}/evidence`), stored with its incident
 * at once. The files are in the file store as `incidents/<id>.webp` (modules/files/file-store.ts).
 * Unclaimed rows older than a day may be swept (with their files) by a retention job; none exists yet.
 */
export const incidentPhotos = pgTable(
  'incident_photos',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id').references(() => incidents.id),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** `report` for the reporter's photos; `note` and `resolution` are staff-only evidence. */
    purpose: incidentPhotoPurposeEnum('purpose').notNull().default('report'),
    /** The staff member who attached evidence; null for the reporter's photos. */
    uploadedById: uuid('uploaded_by_id').references(() => users.id),
    /** The staff note a `note` photo came with. */
    eventId: uuid('event_id').references(() => incidentEvents.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('incident_photos_incident_idx').on(t.incidentId),
    index('incident_photos_unclaimed_idx').on(t.createdAt).where(sql`${t.incidentId} is null`),
  ],
);
export type IncidentPhotoRow = typeof incidentPhotos.$inferSelect;

/**
 * One row per incident and escalation level (1 at the threshold, 2 at twice the threshold): the
 * escalation job claims a level by inserting its row, so two instances never both notify.
 */
export const incidentEscalations = pgTable(
  'incident_escalations',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id),
    level: integer('level').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('incident_escalations_incident_level_key').on(t.incidentId, t.level)],
);
