import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { latestPositions, locationPoints, patrolAreas, patrols, scheduleMembers, schedules, trackingSwitches, users } from '../../db/schema/index.ts';

export interface StoredPoint {
  userId: string;
  patrolId: string | null;
  at: Date;
  receivedAt: Date;
  lat: number;
  lng: number;
  accuracy: number | null;
  speed: number | null;
  heading: number | null;
}

/** Stores points in one statement; a point the server already has (same tanod, same time) is skipped. Returns the count stored. */
export async function insertPoints(db: Executor, points: StoredPoint[]): Promise<number> {
  if (points.length === 0) return 0;
  const rows = await db.insert(locationPoints).values(points).onConflictDoNothing().returning({ userId: locationPoints.userId });
  return rows.length;
}

/**
 * Moves each tanod's hot latest point forward (never back: a late point from an offline queue
 * does not replace a newer one). Returns the tanods whose latest point changed. One row per tanod.
 */
export async function advanceLatestPositions(db: Executor, points: StoredPoint[]): Promise<string[]> {
  if (points.length === 0) return [];
  const rows = await db
    .insert(latestPositions)
    .values(points.map(({ receivedAt: _receivedAt, ...point }) => point))
    .onConflictDoUpdate({
      target: latestPositions.userId,
      set: {
        patrolId: sql`excluded.patrol_id`,
        at: sql`excluded.at`,
        lat: sql`excluded.lat`,
        lng: sql`excluded.lng`,
        accuracy: sql`excluded.accuracy`,
        speed: sql`excluded.speed`,
        heading: sql`excluded.heading`,
      },
      setWhere: sql`excluded.at > ${latestPositions.at}`,
    })
    .returning({ userId: latestPositions.userId });
  return rows.map((row) => row.userId);
}

export interface DutyRow {
  patrolId: string | null;
  startedAt: Date | null;
  areaId: string | null;
  areaName: string | null;
  polygon: (typeof patrolAreas.$inferSelect)['polygon'] | null;
  outsideSince: Date | null;
  outsideAlertedAt: Date | null;
  firstName: string;
  lastName: string;
}

/** The tanod's patrol in progress with its area, if any. */
export async function findActivePatrolDuty(db: Executor, userId: string): Promise<DutyRow | undefined> {
  const [row] = await db
    .select({
      patrolId: patrols.id,
      startedAt: patrols.startedAt,
      areaId: patrolAreas.id,
      areaName: patrolAreas.name,
      polygon: patrolAreas.polygon,
      outsideSince: patrols.outsideSince,
      outsideAlertedAt: patrols.outsideAlertedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(patrols)
    .innerJoin(schedules, eq(schedules.id, patrols.scheduleId))
    .innerJoin(patrolAreas, eq(patrolAreas.id, schedules.patrolAreaId))
    .innerJoin(users, eq(users.id, patrols.tanodId))
    .where(and(eq(patrols.tanodId, userId), isNotNull(patrols.startedAt), isNull(patrols.endedAt), eq(users.status, 'active')))
    .limit(1);
  return row;
}

/** True when the tanod is on a schedule ongoing at `now` (and the account is active). */
export async function isOnOngoingSchedule(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: schedules.id })
    .from(schedules)
    .innerJoin(scheduleMembers, eq(scheduleMembers.scheduleId, schedules.id))
    .innerJoin(users, eq(users.id, scheduleMembers.tanodId))
    .where(and(eq(scheduleMembers.tanodId, userId), lte(schedules.startsAt, now), gt(schedules.endsAt, now), eq(users.status, 'active')))
    .limit(1);
  return Boolean(row);
}

export async function isTrackingSwitchedOn(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: trackingSwitches.userId }).from(trackingSwitches).where(eq(trackingSwitches.userId, userId)).limit(1);
  return Boolean(row);
}

export async function setTrackingSwitch(db: Executor, userId: string, on: boolean, now: Date): Promise<void> {
  if (on) await db.insert(trackingSwitches).values({ userId, switchedOnAt: now }).onConflictDoNothing();
  else await db.delete(trackingSwitches).where(eq(trackingSwitches.userId, userId));
}

/** Starts an excursion: only the first outside point sets the time. */
export async function markOutside(db: Executor, patrolId: string, since: Date): Promise<void> {
  await db.update(patrols).set({ outsideSince: since }).where(and(eq(patrols.id, patrolId), isNull(patrols.outsideSince)));
}

/** Ends the excursion, so the next one can alert again. */
export async function markInside(db: Executor, patrolId: string): Promise<void> {
  await db.update(patrols).set({ outsideSince: null, outsideAlertedAt: null }).where(and(eq(patrols.id, patrolId), isNotNull(patrols.outsideSince)));
}

/** Claims the alert of the current excursion; true for exactly one caller per excursion. */
export async function claimOutsideAlert(db: Executor, patrolId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(patrols)
    .set({ outsideAlertedAt: now })
    .where(and(eq(patrols.id, patrolId), isNotNull(patrols.outsideSince), isNull(patrols.outsideAlertedAt)))
    .returning({ id: patrols.id });
  return rows.length > 0;
}

/** The latest point of every tanod on patrol or tracking by switch, with what the live map shows. */
export async function listLivePositions(db: Executor) {
  return db
    .select({
      position: latestPositions,
      tanod: { id: users.id, firstName: users.firstName, lastName: users.lastName, profilePicture: users.profilePicture },
      area: { id: patrolAreas.id, name: patrolAreas.name, color: patrolAreas.color },
      activePatrolId: patrols.id,
    })
    .from(latestPositions)
    .innerJoin(users, eq(users.id, latestPositions.userId))
    .leftJoin(patrols, and(eq(patrols.tanodId, latestPositions.userId), isNotNull(patrols.startedAt), isNull(patrols.endedAt)))
    .leftJoin(schedules, eq(schedules.id, patrols.scheduleId))
    .leftJoin(patrolAreas, eq(patrolAreas.id, schedules.patrolAreaId))
    .leftJoin(trackingSwitches, eq(trackingSwitches.userId, latestPositions.userId))
    .where(and(eq(users.status, 'active'), sql`(${patrols.id} is not null or ${trackingSwitches.userId} is not null)`));
}

/** Deletes up to `limit` points older than `before`; returns how many. */
export async function deletePointsBefore(db: Executor, before: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(locationPoints)
    .where(
      sql`(${locationPoints.userId}, ${locationPoints.at}) in (select user_id, at from location_points where at < ${before.toISOString()}::timestamptz limit ${limit})`,
    )
    .returning({ at: locationPoints.at });
  return rows.length;
}
