import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import {
  patrolAreas,
  patrols,
  scheduleMembers,
  schedules,
  users,
  type PatrolAreaRow,
  type PatrolRow,
  type ScheduleRow,
} from '../../db/schema/index.ts';

/** Serialises schedule writes, so two admins cannot both book the same tanod or area. */
export async function lockSchedules(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bantay.schedules'))`);
}

export async function findSchedule(db: Executor, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id)).limit(1);
  return row;
}

/** The occurrences of a series from `from` on, by start. */
export async function listSeriesFrom(db: Executor, seriesId: string, from: Date): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.seriesId, seriesId), gte(schedules.startsAt, from)))
    .orderBy(asc(schedules.startsAt));
}

export interface ScheduleFilter {
  from: Date;
  to: Date;
  tanodId?: string;
  areaId?: string;
}

/** Schedules overlapping [from, to), by start. */
export async function listSchedules(db: Executor, filter: ScheduleFilter): Promise<ScheduleRow[]> {
  const memberOf = filter.tanodId
    ? inArray(schedules.id, db.select({ id: scheduleMembers.scheduleId }).from(scheduleMembers).where(eq(scheduleMembers.tanodId, filter.tanodId)))
    : undefined;
  return db
    .select()
    .from(schedules)
    .where(
      and(
        lt(schedules.startsAt, filter.to),
        gt(schedules.endsAt, filter.from),
        filter.areaId ? eq(schedules.patrolAreaId, filter.areaId) : undefined,
        memberOf,
      ),
    )
    .orderBy(asc(schedules.startsAt));
}

export interface OverlapCandidate {
  id: string;
  code: string;
  startsAt: Date;
  endsAt: Date;
  patrolAreaId: string;
  /** Set when the candidate matched through a member; null when through the area. */
  tanodId: string | null;
}

/**
 * Schedules in [from, to) that share a member or the area: the candidates for conflicts. The
 * schedules being edited (`excludeIds`) do not conflict with themselves.
 */
export async function listOverlapCandidates(
  db: Executor,
  input: { from: Date; to: Date; tanodIds: string[]; areaId: string; excludeIds: string[] },
): Promise<OverlapCandidate[]> {
  const inRange = and(
    lt(schedules.startsAt, input.to),
    gt(schedules.endsAt, input.from),
    input.excludeIds.length > 0 ? notInArray(schedules.id, input.excludeIds) : undefined,
  );
  const byMember = input.tanodIds.length
    ? await db
        .select({
          id: schedules.id,
          code: schedules.code,
          startsAt: schedules.startsAt,
          endsAt: schedules.endsAt,
          patrolAreaId: schedules.patrolAreaId,
          tanodId: scheduleMembers.tanodId,
        })
        .from(schedules)
        .innerJoin(scheduleMembers, eq(scheduleMembers.scheduleId, schedules.id))
        .where(and(inRange, inArray(scheduleMembers.tanodId, input.tanodIds)))
    : [];
  const byArea = await db
    .select({ id: schedules.id, code: schedules.code, startsAt: schedules.startsAt, endsAt: schedules.endsAt, patrolAreaId: schedules.patrolAreaId })
    .from(schedules)
    .where(and(inRange, eq(schedules.patrolAreaId, input.areaId)));
  return [...byMember, ...byArea.map((row) => ({ ...row, tanodId: null }))].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Inserts unless the code is taken (then undefined: the caller draws another). */
export async function insertSchedule(db: Executor, values: typeof schedules.$inferInsert): Promise<ScheduleRow | undefined> {
  const [row] = await db.insert(schedules).values(values).onConflictDoNothing({ target: schedules.code }).returning();
  return row;
}

export async function updateScheduleRow(db: Executor, id: string, values: Partial<typeof schedules.$inferInsert>): Promise<ScheduleRow> {
  const [row] = await db.update(schedules).set(values).where(eq(schedules.id, id)).returning();
  return row!;
}

export async function deleteSchedules(db: Executor, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(schedules).where(inArray(schedules.id, ids));
}

export async function replaceMembers(db: Executor, scheduleId: string, members: { tanodId: string; isLeader: boolean }[]): Promise<void> {
  await db.delete(scheduleMembers).where(eq(scheduleMembers.scheduleId, scheduleId));
  if (members.length > 0) await db.insert(scheduleMembers).values(members.map((member) => ({ scheduleId, ...member })));
}

export interface MemberWithUser {
  scheduleId: string;
  tanodId: string;
  isLeader: boolean;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
}

export async function listMembersOf(db: Executor, scheduleIds: string[]): Promise<MemberWithUser[]> {
  if (scheduleIds.length === 0) return [];
  return db
    .select({
      scheduleId: scheduleMembers.scheduleId,
      tanodId: scheduleMembers.tanodId,
      isLeader: scheduleMembers.isLeader,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
    })
    .from(scheduleMembers)
    .innerJoin(users, eq(users.id, scheduleMembers.tanodId))
    .where(inArray(scheduleMembers.scheduleId, scheduleIds));
}

export async function listAreasByIds(db: Executor, ids: string[]): Promise<PatrolAreaRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(patrolAreas).where(inArray(patrolAreas.id, [...new Set(ids)]));
}

export async function listPatrolsOfSchedules(db: Executor, scheduleIds: string[]): Promise<PatrolRow[]> {
  if (scheduleIds.length === 0) return [];
  return db.select().from(patrols).where(inArray(patrols.scheduleId, scheduleIds));
}

export async function listUsersByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userType: users.userType, status: users.status })
    .from(users)
    .where(inArray(users.id, ids));
}

/**
 * Claims the 30-minute reminder of every schedule starting in (now, now + lead] that has not had
 * it: the conditional update makes each reminder go out once, whatever the number of instances.
 */
export async function claimDueReminders(db: Executor, now: Date, leadMs: number): Promise<ScheduleRow[]> {
  return db
    .update(schedules)
    .set({ reminderSentAt: now })
    .where(and(isNull(schedules.reminderSentAt), gt(schedules.startsAt, now), lte(schedules.startsAt, new Date(now.getTime() + leadMs))))
    .returning();
}

/** Tanods (active accounts) on a schedule that is ongoing at `now`. */
export async function listTanodsOnOngoingSchedules(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: scheduleMembers.tanodId })
    .from(scheduleMembers)
    .innerJoin(schedules, eq(schedules.id, scheduleMembers.scheduleId))
    .innerJoin(users, eq(users.id, scheduleMembers.tanodId))
    .where(and(lte(schedules.startsAt, now), gt(schedules.endsAt, now), eq(users.status, 'active')));
  return rows.map((row) => row.id);
}
