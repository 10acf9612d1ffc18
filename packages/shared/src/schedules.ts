import { z } from 'zod';
import { PATROL_ATTENDANCES, PATROL_LIMITS, SCHEDULE_SCOPES, SCHEDULE_SHIFTS, SCHEDULE_STATUSES, isoDateTime, tanodSummarySchema } from './patrols.ts';
import { msg, ph } from '@lingui/core/macro';
import { translate, zodMessage } from './i18n.ts';

/** Schedules (docs/product.md §3, §4.6): shifts of one or more tanods in an area, with repeats. */

// --- Schedules: `/api/schedules`. -------------------------------------------------------------------

export const scheduleMemberInputSchema = z.object({
  tanodId: z.uuid(zodMessage(msg`Choose a tanod`)),
  isLeader: z.boolean().default(false),
});

export const scheduleRepeatSchema = z.object({
  /** 0 = Sunday … 6 = Saturday, in the barangay's timezone. */
  weekdays: z
    .array(z.number().int().min(0, zodMessage(msg`Weekdays are 0 (Sunday) to 6 (Saturday)`)).max(6, zodMessage(msg`Weekdays are 0 (Sunday) to 6 (Saturday)`)))
    .min(1, zodMessage(msg`Choose at least one weekday`))
    .max(7)
    .refine((days) => new Set(days).size === days.length, zodMessage(msg`A weekday is chosen twice`)),
  /** The last day that may hold an occurrence (inclusive), `YYYY-MM-DD` in the barangay's timezone. */
  until: z.iso.date(zodMessage(msg`Choose the last day of the repeat`)),
});
export type ScheduleRepeat = z.infer<typeof scheduleRepeatSchema>;

const membersSchema = z
  .array(scheduleMemberInputSchema, zodMessage(msg`Choose the members`))
  .min(1, zodMessage(msg`Choose at least one member`))
  .max(PATROL_LIMITS.membersMax, zodMessage(msg`At most ${ph({ max: PATROL_LIMITS.membersMax })} members`))
  .superRefine((members, ctx) => {
    if (new Set(members.map((member) => member.tanodId)).size !== members.length) {
      ctx.addIssue({ code: 'custom', message: translate(msg`A tanod is listed twice`) });
    }
    const leaders = members.filter((member) => member.isLeader).length;
    if (members.length >= 2 && leaders !== 1) ctx.addIssue({ code: 'custom', message: translate(msg`Choose exactly one team leader`) });
    if (members.length === 1 && leaders > 1) ctx.addIssue({ code: 'custom', message: translate(msg`Choose exactly one team leader`) });
  });

const notesSchema = z
  .string()
  .trim()
  .max(PATROL_LIMITS.notesMaxLength, zodMessage(msg`Notes must be at most ${ph({ max: PATROL_LIMITS.notesMaxLength })} characters`));

/**
 * `POST /api/schedules` (admin): 201 with every schedule created (one, or one per occurrence).
 * - `day` / `night`: the server sets the hours (06:00–18:00, 18:00–06:00 next day) on the
 *   calendar day of `startsAt` in the barangay's timezone; `endsAt` may be omitted and is ignored.
 * - `custom`: `startsAt` and `endsAt` as given; end not after start is a `schedule_conflict`.
 * - `repeat`: one occurrence on every chosen weekday from `startsAt`'s day up to `until`, at the
 *   same hours. Every occurrence is checked; the first that conflicts is named and none is created.
 * - Conflicts (409 `schedule_conflict`): a member on an overlapping schedule, the area on an
 *   overlapping schedule, end not after start, a deactivated (or unknown) tanod.
 */
export const createScheduleRequestSchema = z.object({
  shift: z.enum(SCHEDULE_SHIFTS, zodMessage(msg`Choose day, night or custom`)),
  startsAt: isoDateTime(msg`Start`),
  endsAt: isoDateTime(msg`End`).optional(),
  patrolAreaId: z.uuid(zodMessage(msg`Choose a patrol area`)),
  members: membersSchema,
  notes: notesSchema.optional(),
  repeat: scheduleRepeatSchema.optional(),
});
export type CreateScheduleRequest = z.input<typeof createScheduleRequestSchema>;
export type CreateScheduleInput = z.output<typeof createScheduleRequestSchema>;

/**
 * `PATCH /api/schedules/{id}?scope=one|future` (admin): any of the fields. With `scope=future`
 * (default `one`) the change applies to this occurrence and every later one of its series; a new
 * start or end moves each occurrence by the same amount. Completed schedules cannot change (422).
 * The same conflict rules as creation apply, to every changed occurrence.
 */
export const updateScheduleRequestSchema = z
  .object({
    shift: z.enum(SCHEDULE_SHIFTS, zodMessage(msg`Choose day, night or custom`)),
    startsAt: isoDateTime(msg`Start`),
    endsAt: isoDateTime(msg`End`),
    patrolAreaId: z.uuid(zodMessage(msg`Choose a patrol area`)),
    members: membersSchema,
    notes: notesSchema.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, zodMessage(msg`Change at least one field`));
export type UpdateScheduleRequest = z.input<typeof updateScheduleRequestSchema>;
export type UpdateScheduleInput = z.output<typeof updateScheduleRequestSchema>;

export const scheduleScopeQuerySchema = z.object({ scope: z.enum(SCHEDULE_SCOPES, zodMessage(msg`scope must be one or future`)).default('one') });

/**
 * `GET /api/schedules?from=&to=&tanodId=&areaId=` (admin) and `GET /api/schedules/mine?from=&to=`
 * (tanod): schedules overlapping [from, to), by start. Without from/to: 7 days back to 35 ahead;
 * at most 100 days wide.
 */
export const scheduleListQuerySchema = z.object({
  from: isoDateTime('from').optional(),
  to: isoDateTime('to').optional(),
  tanodId: z.uuid(zodMessage(msg`Unknown tanod`)).optional(),
  areaId: z.uuid(zodMessage(msg`Unknown area`)).optional(),
});
export type ScheduleListQuery = z.infer<typeof scheduleListQuerySchema>;
export const myScheduleListQuerySchema = scheduleListQuerySchema.pick({ from: true, to: true });

export const scheduleMemberSchema = tanodSummarySchema.extend({
  isLeader: z.boolean(),
  /** This member's patrol on this schedule: `not_started` until started (or marked absent). */
  attendance: z.enum(PATROL_ATTENDANCES),
  patrolId: z.string().nullable(),
});

export const scheduleSchema = z.object({
  _id: z.string(),
  /** `SCH-` and six characters, e.g. `SCH-7K3F9Q`: what conflict messages and notifications name. */
  code: z.string(),
  shift: z.enum(SCHEDULE_SHIFTS),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  patrolArea: z.object({ _id: z.string(), name: z.string(), color: z.string(), active: z.boolean() }),
  /** Leader first, then by name. */
  members: z.array(scheduleMemberSchema),
  notes: z.string().nullable(),
  /** Shared by the occurrences of one repeat; null for a single schedule. */
  seriesId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleListSchema = z.array(scheduleSchema);
/** POST answers with the schedules it created, PATCH with every schedule it changed; DELETE with the ids it removed. */
const schedulesResponseSchema = z.object({ schedules: z.array(scheduleSchema) });
export const createSchedulesResponseSchema = schedulesResponseSchema;
export type CreateSchedulesResponse = z.infer<typeof createSchedulesResponseSchema>;
export const updateSchedulesResponseSchema = schedulesResponseSchema;
export const deleteSchedulesResponseSchema = z.object({ deletedIds: z.array(z.string()) });
export type DeleteSchedulesResponse = z.infer<typeof deleteSchedulesResponseSchema>;
