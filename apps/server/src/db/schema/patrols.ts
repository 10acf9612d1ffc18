import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SCHEDULE_SHIFTS, type Polygon } from '@bantay/shared';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/** docs/product.md §3: a named, coloured polygon; retired (inactive) once schedules used it. */
export const patrolAreas = pgTable(
  'patrol_areas',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    polygon: jsonb('polygon').$type<Polygon>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Unique regardless of case, so "Purok 1" and "purok 1" cannot both exist.
  (t) => [uniqueIndex('patrol_areas_name_key').on(sql`lower(${t.name})`)],
);

export const scheduleShiftEnum = pgEnum('schedule_shift', SCHEDULE_SHIFTS);

/** docs/product.md §3. Status is derived from the clock, so it is not stored. */
export const schedules = pgTable(
  'schedules',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    /** `SCH-XXXXXX`: what people say and what conflict messages name. */
    code: text('code').notNull(),
    shift: scheduleShiftEnum('shift').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    patrolAreaId: uuid('patrol_area_id')
      .notNull()
      .references(() => patrolAreas.id),
    /** The occurrences of one repeat share it; null for a single schedule. */
    seriesId: uuid('series_id'),
    notes: text('notes'),
    /** Set by the reminder job when it claims the 30-minute reminder, so it goes out once. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('schedules_code_key').on(t.code),
    index('schedules_starts_at_idx').on(t.startsAt),
    index('schedules_ends_at_idx').on(t.endsAt),
    index('schedules_area_starts_at_idx').on(t.patrolAreaId, t.startsAt),
    index('schedules_series_idx').on(t.seriesId),
  ],
);

export const scheduleMembers = pgTable(
  'schedule_members',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    tanodId: uuid('tanod_id')
      .notNull()
      .references(() => users.id),
    isLeader: boolean('is_leader').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.tanodId] }), index('schedule_members_tanod_idx').on(t.tanodId)],
);

export const patrolAttendanceEnum = pgEnum('patrol_attendance', ['on_time', 'late', 'absent']);

/**
 * docs/product.md §3: one per member per schedule, created when the tanod starts (or by the absence job,
 * as `absent`). The unique pair makes both the start and the job safe to race.
 */
export const patrols = pgTable(
  'patrols',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id),
    tanodId: uuid('tanod_id')
      .notNull()
      .references(() => users.id),
    attendance: patrolAttendanceEnum('attendance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    startLat: doublePrecision('start_lat'),
    startLng: doublePrecision('start_lng'),
    startAccuracy: doublePrecision('start_accuracy'),
    endLat: doublePrecision('end_lat'),
    endLng: doublePrecision('end_lng'),
    endAccuracy: doublePrecision('end_accuracy'),
    /** Device time of the first point outside the area in the current excursion; null when inside. */
    outsideSince: timestamp('outside_since', { withTimezone: true }),
    /** Set when the admins were told about the current excursion (once per excursion). */
    outsideAlertedAt: timestamp('outside_alerted_at', { withTimezone: true }),
    /**
     * The track's haversine length in metres, stored once the patrol ended (its points no longer
     * change), so performance sums it instead of walking millions of points; null while active.
     */
    distanceMeters: doublePrecision('distance_meters'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('patrols_schedule_tanod_key').on(t.scheduleId, t.tanodId),
    // A tanod is on at most one patrol at a time.
    uniqueIndex('patrols_one_active_per_tanod_key')
      .on(t.tanodId)
      .where(sql`${t.startedAt} is not null and ${t.endedAt} is null`),
    index('patrols_tanod_started_idx').on(t.tanodId, t.startedAt),
  ],
);

export const patrolLogEntries = pgTable(
  'patrol_log_entries',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    patrolId: uuid('patrol_id')
      .notNull()
      .references(() => patrols.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    text: text('text').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    accuracy: doublePrecision('accuracy'),
  },
  (t) => [index('patrol_log_entries_patrol_idx').on(t.patrolId, t.at)],
);

/**
 * docs/product.md §3: the full track. The key (user, device time) makes a point sent twice (an offline
 * queue replayed after a lost acknowledgement) a no-op.
 */
export const locationPoints = pgTable(
  'location_points',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    patrolId: uuid('patrol_id').references(() => patrols.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy: doublePrecision('accuracy'),
    speed: doublePrecision('speed'),
    heading: doublePrecision('heading'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.at] }),
    // A patrol's track in order, with its coordinates in the index: replays and the performance
    // distance (every track of a period) read it index-only instead of visiting the table's pages
    // (bench/dashboard.mjs: a month of 100 tanods' tracks among 5 million points).
    index('location_points_patrol_idx').on(t.patrolId, t.at, t.lat, t.lng),
    index('location_points_at_idx').on(t.at),
  ],
);

/** The newest point per tanod, kept hot for the live map's first paint. */
export const latestPositions = pgTable('latest_positions', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  patrolId: uuid('patrol_id').references(() => patrols.id),
  at: timestamp('at', { withTimezone: true }).notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  accuracy: doublePrecision('accuracy'),
  speed: doublePrecision('speed'),
  heading: doublePrecision('heading'),
});

/** A tanod who switched tracking on outside a patrol (docs/product.md §4.7); no row means off. */
export const trackingSwitches = pgTable('tracking_switches', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  switchedOnAt: timestamp('switched_on_at', { withTimezone: true }).notNull(),
});

export type PatrolAreaRow = typeof patrolAreas.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduleMemberRow = typeof scheduleMembers.$inferSelect;
export type PatrolRow = typeof patrols.$inferSelect;
export type PatrolLogEntryRow = typeof patrolLogEntries.$inferSelect;
export type LocationPointRow = typeof locationPoints.$inferSelect;
export type LatestPositionRow = typeof latestPositions.$inferSelect;
