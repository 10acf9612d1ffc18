import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { incidents, inventoryItems, loans, patrolAreas, scheduleMembers, schedules } from '../../db/schema/index.ts';

/** What a deactivation leaves behind (handoff.service.ts): reads over the incidents, loans and schedules of one person. */

export async function findInProgressIncidentOf(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: incidents.id,
      ticket: incidents.ticket,
      type: incidents.type,
      classification: incidents.classification,
      landmark: incidents.landmark,
      address: incidents.address,
      respondedAt: incidents.respondedAt,
    })
    .from(incidents)
    .where(and(eq(incidents.responderId, userId), eq(incidents.status, 'in_progress')))
    .limit(1);
  return row;
}

export async function listOpenLoansOf(db: Executor, userId: string) {
  return db
    .select({
      id: loans.id,
      itemName: inventoryItems.name,
      quantity: loans.quantity,
      borrowedAt: loans.borrowedAt,
      dueAt: loans.dueAt,
    })
    .from(loans)
    .innerJoin(inventoryItems, eq(inventoryItems.id, loans.itemId))
    .where(and(eq(loans.borrowerId, userId), isNull(loans.returnedAt)))
    .orderBy(asc(loans.dueAt), asc(loans.id));
}

/** The schedules not over at `now` that list the tanod, soonest first, with the number of other members. */
export async function listShiftsNotOverOf(db: Executor, userId: string, now: Date, limit: number) {
  return db
    .select({
      id: schedules.id,
      code: schedules.code,
      shift: schedules.shift,
      startsAt: schedules.startsAt,
      endsAt: schedules.endsAt,
      areaName: patrolAreas.name,
      isLeader: scheduleMembers.isLeader,
      otherMembers: sql<number>`(select count(*)::integer from ${scheduleMembers} m where m.schedule_id = ${schedules.id} and m.tanod_id <> ${userId})`,
    })
    .from(scheduleMembers)
    .innerJoin(schedules, eq(schedules.id, scheduleMembers.scheduleId))
    .innerJoin(patrolAreas, eq(patrolAreas.id, schedules.patrolAreaId))
    .where(and(eq(scheduleMembers.tanodId, userId), gt(schedules.endsAt, now)))
    .orderBy(asc(schedules.startsAt), asc(schedules.id))
    .limit(limit);
}

export async function countShiftsNotOverOf(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(scheduleMembers)
    .innerJoin(schedules, eq(schedules.id, scheduleMembers.scheduleId))
    .where(and(eq(scheduleMembers.tanodId, userId), gt(schedules.endsAt, now)));
  return Number(row?.n ?? 0);
}
