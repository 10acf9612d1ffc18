import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { distanceSql } from '../../db/geo-sql.ts';
import {
  incidents,
  inventoryItems,
  latestPositions,
  loans,
  patrols,
  scheduleMembers,
  schedules,
  type IncidentRow,
  type InventoryItemRow,
  type LatestPositionRow,
  type LoanRow,
  type ScheduleRow,
} from '../../db/schema/index.ts';

/** The tanod dashboard's reads: each a small, indexed query about one tanod. */

const mySchedules = (tanodId: string) =>
  inArray(schedules.id, sql`(select ${scheduleMembers.scheduleId} from ${scheduleMembers} where ${scheduleMembers.tanodId} = ${tanodId})`);

/**
 * The tanod's shift under way at `now`: the schedule of a patrol they started and have not ended
 * (it may run past the window), else a schedule whose window holds `now`, the earliest first.
 */
export async function findCurrentScheduleOf(db: Executor, tanodId: string, now: Date): Promise<ScheduleRow | undefined> {
  const [onPatrol] = await db
    .select({ schedule: schedules })
    .from(patrols)
    .innerJoin(schedules, eq(schedules.id, patrols.scheduleId))
    .where(and(eq(patrols.tanodId, tanodId), isNotNull(patrols.startedAt), isNull(patrols.endedAt)))
    .limit(1);
  if (onPatrol) return onPatrol.schedule;
  const [ongoing] = await db
    .select()
    .from(schedules)
    .where(and(mySchedules(tanodId), lte(schedules.startsAt, now), gt(schedules.endsAt, now)))
    .orderBy(asc(schedules.startsAt))
    .limit(1);
  return ongoing;
}

/** The tanod's first schedule starting after `after`. */
export async function findNextScheduleOf(db: Executor, tanodId: string, after: Date): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(mySchedules(tanodId), gt(schedules.startsAt, after)))
    .orderBy(asc(schedules.startsAt), asc(schedules.id))
    .limit(1);
  return row;
}

/** The incident the tanod is responding to; the latest taken when (against the rules) there are several. */
export async function findActiveIncidentOf(db: Executor, tanodId: string): Promise<IncidentRow | undefined> {
  const [row] = await db
    .select()
    .from(incidents)
    .where(and(eq(incidents.responderId, tanodId), eq(incidents.status, 'in_progress')))
    .orderBy(desc(incidents.respondedAt))
    .limit(1);
  return row;
}

export async function findLatestPositionOf(db: Executor, userId: string): Promise<LatestPositionRow | undefined> {
  const [row] = await db.select().from(latestPositions).where(eq(latestPositions.userId, userId)).limit(1);
  return row;
}

export interface NearbyIncidentRow {
  incident: IncidentRow;
  distance: number | null;
}

/**
 * Pending incidents within `radius` metres of `near`, nearest first (ties by id). A confidential
 * case is never among them: only admins see it until one assigns it (incidents.policy.ts).
 */
export async function listPendingNear(db: Executor, near: { lat: number; lng: number }, radius: number, limit: number): Promise<NearbyIncidentRow[]> {
  const distance = distanceSql(near, incidents);
  const rows = await db
    .select({ incident: incidents, distance })
    .from(incidents)
    .where(and(eq(incidents.status, 'pending'), eq(incidents.confidential, false), sql`${distance} <= ${radius}`))
    .orderBy(asc(distance), asc(incidents.id))
    .limit(limit);
  return rows.map((row) => ({ incident: row.incident, distance: Number(row.distance) }));
}

/** The newest pending incidents, confidential cases left out as above. */
export async function listNewestPending(db: Executor, limit: number): Promise<NearbyIncidentRow[]> {
  const rows = await db
    .select()
    .from(incidents)
    .where(and(eq(incidents.status, 'pending'), eq(incidents.confidential, false)))
    .orderBy(desc(incidents.createdAt), desc(incidents.id))
    .limit(limit);
  return rows.map((incident) => ({ incident, distance: null }));
}

export interface OpenLoanRow {
  loan: LoanRow;
  item: Pick<InventoryItemRow, 'id' | 'name' | 'category' | 'image'>;
}

/** The tanod's loans not yet returned, soonest due first (so overdue ones lead). */
export async function listOpenLoansOf(db: Executor, borrowerId: string, limit: number): Promise<OpenLoanRow[]> {
  return db
    .select({
      loan: loans,
      item: { id: inventoryItems.id, name: inventoryItems.name, category: inventoryItems.category, image: inventoryItems.image },
    })
    .from(loans)
    .innerJoin(inventoryItems, eq(inventoryItems.id, loans.itemId))
    .where(and(eq(loans.borrowerId, borrowerId), isNull(loans.returnedAt)))
    .orderBy(asc(loans.dueAt), asc(loans.id))
    .limit(limit);
}
