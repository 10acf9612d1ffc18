import { z } from 'zod';
import { msg, ph } from '@lingui/core/macro';
import { fieldMessage, zodMessage, type FieldLabel } from './i18n.ts';

/**
 * Patrols (docs/product.md §3, §4.6, §4.7): patrol areas, schedules, patrols with attendance and
 * logs, and live tracking. Every call needs a bearer token. Times travel as ISO 8601 (UTC); the
 * barangay's timezone (`GET /api/settings/public` → `timezone`, Asia/Manila) is only for showing
 * them and for the day/night shift hours.
 *
 * Errors follow the house shape `{ error: { code, message, fields? } }`. The codes of this feature:
 * - `schedule_conflict` (409): the message names the other schedule's code and the tanod or area
 *   ("Juan Dela Cruz is already on SCH-7K3F9Q (…)"); `fields` points at the field to mark.
 * - `too_early`, `shift_over`, `outside_area`, `not_a_member` (422): refusals of Start Patrol.
 * - `not_on_duty` (422): tracking switched on, or a log written, by a tanod who is not on duty.
 */

// --- Limits and rules shared by the server and the web. ------------------------------------------

export const PATROL_LIMITS = {
  areaNameMaxLength: 80,
  notesMaxLength: 500,
  logTextMaxLength: 1000,
  membersMax: 20,
  /** A repeat creates at most this many occurrences (about a year of daily shifts). */
  repeatMaxOccurrences: 370,
  /** `GET /api/schedules` and `/mine`: the widest from–to range, and the default around now. */
  scheduleRangeMaxDays: 100,
  /** docs/product.md §4.7: Start Patrol opens this long before the shift starts … */
  startEarlyMs: 30 * 60_000,
  /** … and a start later than this after the shift start is `late`. */
  lateAfterMs: 5 * 60_000,
  /** docs/product.md §4.6: members are reminded this long before start. */
  reminderBeforeMs: 30 * 60_000,
  /** docs/product.md §4.7: an on-patrol tanod outside the area this long notifies the admins (once per excursion). */
  outOfAreaAlertMs: 5 * 60_000,
  /** The live map greys a marker whose last point is older than this. */
  staleAfterMs: 5 * 60_000,
  /** The browser sends a point when the tanod moved more than this … */
  sendMoveMeters: 5,
  /** … or this long passed since the last one. */
  sendEveryMs: 15_000,
  /** Points per `tracking:points` batch (an offline backlog goes out in several batches). */
  pointsPerBatchMax: 100,
  /** Per socket: at most this many points per minute … */
  pointsPerMinuteMax: 2000,
  /** … and this many batches per minute. */
  batchesPerMinuteMax: 120,
  /** A point's device time may run this far ahead of the server clock. */
  pointFutureSkewMs: 60_000,
  /** Points older than this are refused (an offline queue older than that is stale). */
  pointMaxAgeMs: 7 * 24 * 60 * 60_000,
} as const;

/** docs/product.md §4.6: day 06:00–18:00, night 18:00–06:00 the next day, in the barangay's timezone. */
export const SHIFT_HOURS = {
  day: { startHour: 6, endHour: 18 },
  night: { startHour: 18, endHour: 6 },
} as const;

export const SCHEDULE_SHIFTS = ['day', 'night', 'custom'] as const;
export type ScheduleShift = (typeof SCHEDULE_SHIFTS)[number];

/** Derived from the clock, never stored (docs/product.md §3). */
export const SCHEDULE_STATUSES = ['upcoming', 'ongoing', 'completed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * A patrol's attendance (docs/product.md §4.7): `on_time` when started at most 5 minutes after the
 * schedule's start, `late` otherwise, `absent` when never started by the end (a job marks it).
 * A member without a patrol row yet is `not_started` in schedule views.
 */
export const PATROL_ATTENDANCES = ['not_started', 'on_time', 'late', 'absent'] as const;
export type PatrolAttendance = (typeof PATROL_ATTENDANCES)[number];

/** `on_patrol` from start to end, then `completed`; `absent` for a patrol never started. */
export const PATROL_STATES = ['on_patrol', 'completed', 'absent'] as const;
export type PatrolState = (typeof PATROL_STATES)[number];

export const SCHEDULE_SCOPES = ['one', 'future'] as const;
export type ScheduleScope = (typeof SCHEDULE_SCOPES)[number];

// --- Shared small shapes. ---------------------------------------------------------------------------

/** An ISO 8601 date-time with offset; the message names the field. */
export const isoDateTime = (field: FieldLabel) =>
  z.iso.datetime({ offset: true, ...fieldMessage(field, (label) => msg`${label} must be a date and time (ISO 8601)`) });

/** A GPS fix sent with a request: degrees, accuracy radius in metres. */
export const gpsPositionSchema = z.object({
  lat: z.number(zodMessage(msg`Latitude is required`)).min(-90, zodMessage(msg`Latitude must be between -90 and 90`)).max(90, zodMessage(msg`Latitude must be between -90 and 90`)),
  lng: z.number(zodMessage(msg`Longitude is required`)).min(-180, zodMessage(msg`Longitude must be between -180 and 180`)).max(180, zodMessage(msg`Longitude must be between -180 and 180`)),
  accuracy: z.number(zodMessage(msg`Accuracy is required`)).min(0, zodMessage(msg`Accuracy cannot be negative`)).max(100_000),
});
export type GpsPosition = z.infer<typeof gpsPositionSchema>;

/** A stored position as the API shows it (accuracy unknown for some old rows). */
export const storedPositionSchema = z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable() });

/** A person in schedules, patrols and the live map. */
export const tanodSummarySchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
});
export type TanodSummary = z.infer<typeof tanodSummarySchema>;

export const idParamsSchema = z.object({ id: z.uuid(zodMessage(msg`Unknown id`)) });

// --- Patrols: `/api/patrols`. -----------------------------------------------------------------------

/**
 * `POST /api/patrols/start` (tanod): 201 with the patrol. Allowed from 30 minutes before the
 * schedule's start until its end, with a position inside the schedule's area (the accuracy is the
 * tolerance). Refusals, 422: `not_a_member`, `too_early`, `shift_over`, `outside_area`. A second
 * start of the same schedule, or while on another patrol, is 409 CONFLICT.
 */
export const startPatrolRequestSchema = z.object({
  scheduleId: z.uuid(zodMessage(msg`Choose a schedule`)),
  position: gpsPositionSchema,
});
export type StartPatrolRequest = z.input<typeof startPatrolRequestSchema>;

/** `POST /api/patrols/{id}/end` (the patrol's tanod): the patrol, ended. */
export const endPatrolRequestSchema = z.object({ position: gpsPositionSchema });
export type EndPatrolRequest = z.input<typeof endPatrolRequestSchema>;

/** `POST /api/patrols/{id}/log` (the patrol's tanod, while on patrol): 201 with the entry. */
export const patrolLogRequestSchema = z.object({
  text: z
    .string(zodMessage(msg`Write what happened`))
    .trim()
    .min(1, zodMessage(msg`Write what happened`))
    .max(PATROL_LIMITS.logTextMaxLength, zodMessage(msg`At most ${ph({ max: PATROL_LIMITS.logTextMaxLength })} characters`)),
  position: gpsPositionSchema.optional(),
});
export type PatrolLogRequest = z.input<typeof patrolLogRequestSchema>;

export const patrolLogEntrySchema = z.object({
  _id: z.string(),
  patrolId: z.string(),
  at: z.string(),
  text: z.string(),
  position: storedPositionSchema.nullable(),
});
export type PatrolLogEntry = z.infer<typeof patrolLogEntrySchema>;

export const patrolSchema = z.object({
  _id: z.string(),
  tanod: tanodSummarySchema,
  schedule: z.object({
    _id: z.string(),
    code: z.string(),
    shift: z.enum(SCHEDULE_SHIFTS),
    startsAt: z.string(),
    endsAt: z.string(),
  }),
  patrolArea: z.object({ _id: z.string(), name: z.string(), color: z.string() }),
  state: z.enum(PATROL_STATES),
  attendance: z.enum(PATROL_ATTENDANCES),
  /** Minutes after the schedule's start (0 when on time or early); null for an absence. */
  minutesLate: z.number().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  startPosition: storedPositionSchema.nullable(),
  endPosition: storedPositionSchema.nullable(),
  /** Length of the stored track in metres. */
  distanceMeters: z.number(),
});
export type Patrol = z.infer<typeof patrolSchema>;

/** `GET /api/patrols/{id}` (admin, or the patrol's tanod). */
export const patrolDetailSchema = patrolSchema.extend({ log: z.array(patrolLogEntrySchema) });
export type PatrolDetail = z.infer<typeof patrolDetailSchema>;

/**
 * `GET /api/patrols?tanodId=&from=&to=` (admin: anyone's; tanod: only their own, `tanodId`
 * ignored): patrols whose schedule starts in [from, to), newest first. Default: the last 30 days.
 */
export const patrolListQuerySchema = z.object({
  tanodId: z.uuid(zodMessage(msg`Unknown tanod`)).optional(),
  from: isoDateTime('from').optional(),
  to: isoDateTime('to').optional(),
});
export type PatrolListQuery = z.infer<typeof patrolListQuerySchema>;
export const patrolListSchema = z.array(patrolSchema);

/** `GET /api/patrols/current` (tanod): the caller's patrol in progress, or null. */
export const currentPatrolSchema = z.object({ patrol: patrolDetailSchema.nullable() });
export type CurrentPatrol = z.infer<typeof currentPatrolSchema>;

/** One point of a track, in time order. */
export const trackPointSchema = z.object({
  at: z.string(),
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
});
export type TrackPoint = z.infer<typeof trackPointSchema>;

/** `GET /api/patrols/{id}/track` (admin, or the patrol's tanod): for the route and the replay. */
export const patrolTrackSchema = z.object({
  patrolId: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  points: z.array(trackPointSchema),
});
export type PatrolTrack = z.infer<typeof patrolTrackSchema>;

// --- Live tracking. ---------------------------------------------------------------------------------

/**
 * One point in a `tracking:points` batch (socket). `at` is the device time of the fix (ISO 8601):
 * points queued offline keep their original time. The server ignores a point it already has (same
 * tanod, same `at`), so a batch may be sent again safely.
 */
export const trackingPointInputSchema = z.object({
  at: isoDateTime('at'),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000),
  speed: z.number().min(0).max(200).nullable().optional(),
  heading: z.number().min(0).max(360).nullable().optional(),
});
export type TrackingPointInput = z.input<typeof trackingPointInputSchema>;

/**
 * The acknowledgement of `tracking:points`.
 * - Without `error`: the batch was handled. `accepted` points are stored (or were already:
 *   duplicates count as accepted); `rejected` ones were invalid (bad coordinates, in the future,
 *   too old) and will never be accepted. Either way the client drops the whole batch from its queue.
 * - With `error`: nothing was stored. `RATE_LIMITED` / `UNAVAILABLE`: keep the batch and retry
 *   later. `not_on_duty`: tracking is off for this tanod; drop the batch and stop tracking.
 *   `VALIDATION_FAILED`: the batch itself is malformed (not an array, more than 100 points).
 */
export interface TrackingPointsAck {
  accepted: number;
  rejected: number;
  error?: { code: 'RATE_LIMITED' | 'UNAVAILABLE' | 'VALIDATION_FAILED' | 'not_on_duty'; message: string };
}

/**
 * `GET /api/tracking/live` (admin): the latest point of every tanod on patrol, for a map's first
 * paint; `tracking:position` events update it afterwards.
 */
export const livePositionSchema = z.object({
  userId: z.string(),
  patrolId: z.string().nullable(),
  at: z.string(),
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
  tanod: tanodSummarySchema,
  /** The patrol's area (for the ring colour); null for a tanod tracking without a patrol. */
  patrolArea: z.object({ _id: z.string(), name: z.string(), color: z.string() }).nullable(),
});
export type LivePosition = z.infer<typeof livePositionSchema>;
export const livePositionListSchema = z.array(livePositionSchema);

/**
 * `GET /api/tracking/me` and `PUT /api/tracking/me` `{ isTracking }` (tanod): the tracking switch.
 * Tracking is on during a patrol (always) or while the tanod switched it on; switching it on needs
 * an ongoing schedule (422 `not_on_duty`). `tracking:status` tells the tanod's other tabs and the
 * admins whenever it changes.
 */
export const trackingSwitchRequestSchema = z.object({ isTracking: z.boolean(zodMessage(msg`isTracking must be true or false`)) });
export const trackingStateSchema = z.object({
  isTracking: z.boolean(),
  /** Why it is on: the patrol in progress, else the tanod's own switch. */
  patrolId: z.string().nullable(),
  isSwitchedOn: z.boolean(),
});
export type TrackingState = z.infer<typeof trackingStateSchema>;
