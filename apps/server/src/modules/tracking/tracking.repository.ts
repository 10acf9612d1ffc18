import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
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

/** Points per statement: 9 parameters each stays far below PostgreSQL's 65,535. */
const POINTS_PER_STATEMENT = 2000;

/**
 * Stores points and moves each tanod's hot latest point forward, in one statement per 2,000 points
 * (a data-modifying CTE: atomic, and one round trip, which matters on the embedded database). A
 * point the server already has (same tanod, same device time) is skipped; a late point from an
 * offline queue never replaces a newer latest point. Returns the tanods whose latest point moved.
 */
export async function storePoints(db: Executor, points: StoredPoint[]): Promise<string[]> {
  const advanced = new Set<string>();
  for (let index = 0; index < points.length; index += POINTS_PER_STATEMENT) {
    const rows = points.slice(index, index + POINTS_PER_STATEMENT).map(
      (point) =>
        sql`(${point.userId}::uuid, ${point.at.toISOString()}::timestamptz, ${point.patrolId}::uuid, ${point.receivedAt.toISOString()}::timestamptz, ${point.lat}::float8, ${point.lng}::float8, ${point.accuracy}::float8, ${point.speed}::float8, ${point.heading}::float8)`,
    );
    const result = await db.execute<{ user_id: string }>(sql`
      with incoming (user_id, at, patrol_id, received_at, lat, lng, accuracy, speed, heading) as (values ${sql.join(rows, sql`, `)}),
      stored as (
        insert into ${locationPoints} (user_id, at, patrol_id, received_at, lat, lng, accuracy, speed, heading)
        select * from incoming
        on conflict do nothing
      )
      insert into ${latestPositions} (user_id, patrol_id, at, lat, lng, accuracy, speed, heading)
      select distinct on (user_id) user_id, patrol_id, at, lat, lng, accuracy, speed, heading from incoming order by user_id, at desc
      on conflict (user_id) do update set
        patrol_id = excluded.patrol_id, at = excluded.at, lat = excluded.lat, lng = excluded.lng,
        accuracy = excluded.accuracy, speed = excluded.speed, heading = excluded.heading
        where excluded.at > ${latestPositions.at}
      returning user_id`);
    // Both drivers answer execute() with `rows`, typed differently (stack notes).
    for (const row of (result as unknown as { rows: { user_id: string }[] }).rows) advanced.add(row.user_id);
  }
  return [...advanced];
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

/** The latest known position of each of `userIds` taken at or after `since`. */
export async function listRecentPositionsOf(db: Executor, userIds: string[], since: Date): Promise<{ userId: string; lat: number; lng: number }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: latestPositions.userId, lat: latestPositions.lat, lng: latestPositions.lng })
    .from(latestPositions)
    .where(and(inArray(latestPositions.userId, userIds), gte(latestPositions.at, since)));
}
