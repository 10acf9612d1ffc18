import { msg } from '@lingui/core/macro';
import {
  PATROL_LIMITS,
  pointNearPolygon,
  type CurrentPatrol,
  type EndPatrolRequest,
  type GpsPosition,
  type Patrol,
  type PatrolDetail,
  type PatrolListQuery,
  type PatrolLogEntry,
  type PatrolLogRequest,
  type PatrolTrack,
  type StartPatrolRequest,
  isAdminLike,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import type { Actor } from '../../http/actor.ts';
import { findPatrolArea } from '../patrol-areas/index.ts';
import { findSchedule, listMembersOf } from '../schedules/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { describeWindow } from '../schedules/index.ts';
import { isTrackingSwitchedOn } from '../tracking/index.ts';
import {
  findActivePatrolOf,
  findPatrolWithContext,
  insertLogEntry,
  insertPatrol,
  listLogEntries,
  listPatrolsWithContext,
  listTrackPoints,
  storeTrackDistances,
  trackDistances,
  updatePatrol,
  type ListedPatrol,
  type PatrolWithContext,
} from './patrols.repository.ts';
import { MAX_ACCURACY_TOLERANCE_METERS, lateAfter, presentLogEntry, presentPatrol } from './patrols.presenter.ts';

const DAY_MS = 86_400_000;

const timeOfDay = (at: Date, timezone: string) => formatInZone(timezone, at, 'HH:mm');

async function presentOne(deps: AppDeps, context: PatrolWithContext): Promise<Patrol> {
  const distances = await trackDistances(deps.db, [context.patrol.id]);
  return presentPatrol(context, distances.get(context.patrol.id) ?? 0);
}

async function detailOf(deps: AppDeps, context: PatrolWithContext): Promise<PatrolDetail> {
  const [patrol, log] = await Promise.all([presentOne(deps, context), listLogEntries(deps.db, context.patrol.id)]);
  return { ...patrol, log: log.map(presentLogEntry) };
}

/**
 * `POST /api/patrols/start` (docs/product.md §4.7): from 30 minutes before the start until the end, from
 * inside the schedule's area (the GPS accuracy, up to 100 m, is the tolerance).
 */
export async function startPatrol(deps: AppDeps, actor: Actor, input: StartPatrolRequest): Promise<PatrolDetail> {
  const now = deps.clock.now();
  const schedule = await findSchedule(deps.db, input.scheduleId);
  if (!schedule) throw notFound(msg`Schedule not found`);
  const members = await listMembersOf(deps.db, [schedule.id]);
  const code = schedule.code;
  if (!members.some((member) => member.tanodId === actor.id)) {
    throw new AppError('not_a_member', msg`You are not a member of ${code}, so you cannot start its patrol`);
  }
  const { timezone } = await getPublicSettings(deps);
  const opensAt = new Date(schedule.startsAt.getTime() - PATROL_LIMITS.startEarlyMs);
  const shift = describeWindow(schedule, timezone);
  if (now < opensAt) {
    const time = timeOfDay(opensAt, timezone);
    throw new AppError('too_early', msg`Too early: you can start ${code} from ${time}, 30 minutes before the shift (${shift})`);
  }
  if (now >= schedule.endsAt) throw new AppError('shift_over', msg`The shift of ${code} is over (${shift})`);
  const area = (await findPatrolArea(deps.db, schedule.patrolAreaId))!;
  const tolerance = Math.min(input.position.accuracy, MAX_ACCURACY_TOLERANCE_METERS);
  if (!pointNearPolygon(input.position, area.polygon, tolerance)) {
    const areaName = area.name;
    throw new AppError('outside_area', msg`You are outside ${areaName}. Go inside the area to start the patrol.`);
  }

  const patrol = await inTransaction(deps.db, async (tx, afterCommit) => {
    const row = await insertPatrol(tx, {
      scheduleId: schedule.id,
      tanodId: actor.id,
      attendance: now <= lateAfter(schedule.startsAt) ? 'on_time' : 'late',
      startedAt: now,
      startLat: input.position.lat,
      startLng: input.position.lng,
      startAccuracy: input.position.accuracy,
      createdAt: now,
      updatedAt: now,
    }).catch((error: unknown) => {
      const constraint = uniqueViolation(error);
      if (constraint === 'patrols_one_active_per_tanod_key') throw new AppError('CONFLICT', msg`You are already on patrol. End it before starting another.`);
      if (constraint !== null) throw new AppError('CONFLICT', msg`You already have a patrol record for ${code}`);
      throw error;
    });
    afterCommit(() => {
      deps.events.publish('tracking.status', { userId: actor.id, patrolId: row.id, isTracking: true, at: now.toISOString() });
      deps.events.publish('schedule.updated', { id: schedule.id, updatedAt: now });
    });
    return row;
  });
  return detailOf(deps, (await findPatrolWithContext(deps.db, patrol.id))!);
}

/** The caller's own patrol, or 404 (someone else's patrol is not revealed). */
async function ownPatrol(deps: AppDeps, actor: Actor, id: string): Promise<PatrolWithContext> {
  const context = await findPatrolWithContext(deps.db, id);
  if (!context || context.patrol.tanodId !== actor.id) throw notFound(msg`Patrol not found`);
  return context;
}

/** A patrol the caller may see: any for admins, their own for tanods. */
async function visiblePatrol(deps: AppDeps, actor: Actor, id: string): Promise<PatrolWithContext> {
  const context = await findPatrolWithContext(deps.db, id);
  if (!context || (!isAdminLike(actor.userType) && context.patrol.tanodId !== actor.id)) throw notFound(msg`Patrol not found`);
  return context;
}

function assertOnPatrol(context: PatrolWithContext): void {
  if (!context.patrol.startedAt || context.patrol.endedAt) throw new AppError('UNPROCESSABLE', msg`This patrol is not in progress`);
}

export async function endPatrol(deps: AppDeps, actor: Actor, id: string, input: EndPatrolRequest): Promise<PatrolDetail> {
  const now = deps.clock.now();
  const context = await ownPatrol(deps, actor, id);
  assertOnPatrol(context);
  await inTransaction(deps.db, async (tx, afterCommit) => {
    await updatePatrol(tx, id, {
      endedAt: now,
      endLat: input.position.lat,
      endLng: input.position.lng,
      endAccuracy: input.position.accuracy,
      outsideSince: null,
      updatedAt: now,
    });
    // Tracking stays on only if the tanod switched it on themselves.
    const stillTracking = await isTrackingSwitchedOn(tx, actor.id);
    afterCommit(() => {
      deps.events.publish('tracking.status', { userId: actor.id, patrolId: null, isTracking: stillTracking, at: now.toISOString() });
      deps.events.publish('schedule.updated', { id: context.schedule.id, updatedAt: now });
    });
  });
  return detailOf(deps, (await findPatrolWithContext(deps.db, id))!);
}

/** `POST /api/patrols/{id}/log`: stored at once, during the patrol. */
export async function addPatrolLogEntry(deps: AppDeps, actor: Actor, id: string, input: PatrolLogRequest): Promise<PatrolLogEntry> {
  const context = await ownPatrol(deps, actor, id);
  assertOnPatrol(context);
  const position: GpsPosition | undefined = input.position;
  const row = await insertLogEntry(deps.db, {
    patrolId: id,
    at: deps.clock.now(),
    text: input.text.trim(),
    lat: position?.lat ?? null,
    lng: position?.lng ?? null,
    accuracy: position?.accuracy ?? null,
  });
  return presentLogEntry(row);
}

/**
 * The patrols a list asks for, by schedule start: `from`/`to` (the 31 days up to tomorrow by
 * default), an admin's any tanod or one, a tanod's own only.
 */
export async function patrolsAsked(deps: AppDeps, actor: Actor, query: PatrolListQuery): Promise<ListedPatrol[]> {
  const now = deps.clock.now();
  const to = query.to ? new Date(query.to) : new Date(now.getTime() + DAY_MS);
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 31 * DAY_MS);
  if (to <= from) throw new AppError('VALIDATION_FAILED', msg`to must be after from`, { fields: [{ field: 'to', message: msg`to must be after from` }] });
  const tanodId = isAdminLike(actor.userType) ? query.tanodId : actor.id;
  return listPatrolsWithContext(deps.db, { tanodId, from: withinStoredDates(from), to: withinStoredDates(to) });
}

/** No schedule starts outside these; the database cannot hold every date ISO 8601 writes (year 0000 answered 500, test/fuzz.test.ts). */
const EARLIEST_STORED = Date.UTC(1970, 0, 1);
const LATEST_STORED = Date.UTC(9999, 11, 31);
const withinStoredDates = (date: Date) => new Date(Math.min(Math.max(date.getTime(), EARLIEST_STORED), LATEST_STORED));

export async function listPatrols(deps: AppDeps, actor: Actor, query: PatrolListQuery): Promise<Patrol[]> {
  const rows = await patrolsAsked(deps, actor, query);
  // Ended patrols carry their stored length; only the others walk their points, and the ended
  // ones among them keep what was measured (a month's list walked every track on every read).
  const unmeasured = rows.filter((row) => row.patrol.distanceMeters === null);
  const distances = await trackDistances(deps.db, unmeasured.map((row) => row.patrol.id));
  const ended = unmeasured.filter((row) => row.patrol.endedAt !== null);
  await storeTrackDistances(deps.db, new Map(ended.map((row) => [row.patrol.id, distances.get(row.patrol.id) ?? 0])));
  return rows.map((row) => presentPatrol(row, row.patrol.distanceMeters ?? distances.get(row.patrol.id) ?? 0));
}

export async function getPatrol(deps: AppDeps, actor: Actor, id: string): Promise<PatrolDetail> {
  return detailOf(deps, await visiblePatrol(deps, actor, id));
}

export async function getPatrolTrack(deps: AppDeps, actor: Actor, id: string): Promise<PatrolTrack> {
  const { patrol } = await visiblePatrol(deps, actor, id);
  const points = await listTrackPoints(deps.db, id);
  return {
    patrolId: id,
    startedAt: patrol.startedAt?.toISOString() ?? null,
    endedAt: patrol.endedAt?.toISOString() ?? null,
    points: points.map((point) => ({ ...point, at: point.at.toISOString() })),
  };
}

export async function getCurrentPatrol(deps: AppDeps, actor: Actor): Promise<CurrentPatrol> {
  const context = await findActivePatrolOf(deps.db, actor.id);
  return { patrol: context ? await detailOf(deps, context) : null };
}
