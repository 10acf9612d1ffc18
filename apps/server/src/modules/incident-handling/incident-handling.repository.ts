import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { incidentEscalations, incidents, type IncidentRow } from '../../db/schema/index.ts';

/** The guarded status changes of an incident (the claim, assignment, resolution, closing, the return to the queue) and the escalation claims. */

/**
 * The claim: one conditional UPDATE on `status = 'pending'`, never read-then-write. Returns the
 * row when this caller won; undefined when the incident was not pending any more. The partial
 * unique index on in-progress responders throws a unique violation when the tanod holds another.
 */
export async function claimPendingIncident(db: Executor, id: string, tanodId: string, now: Date): Promise<IncidentRow | undefined> {
  const [row] = await db
    .update(incidents)
    .set({ status: 'in_progress', responderId: tanodId, respondedAt: now, updatedAt: now })
    // A confidential case is never claimed: an admin assigns it (docs/decisions/027-confidential-cases.md).
    .where(and(eq(incidents.id, id), eq(incidents.status, 'pending'), eq(incidents.confidential, false)))
    .returning();
  return row;
}

/** Assigns (or reassigns) a tanod while the incident is open. */
export async function assignOpenIncident(db: Executor, id: string, tanodId: string, now: Date): Promise<IncidentRow | undefined> {
  const [row] = await db
    .update(incidents)
    .set({ status: 'in_progress', responderId: tanodId, respondedAt: now, updatedAt: now })
    .where(and(eq(incidents.id, id), inArray(incidents.status, ['pending', 'in_progress'])))
    .returning();
  return row;
}

/** Resolves an in-progress incident; `responderId` restricts it to that responder (tanods). */
export async function resolveInProgressIncident(
  db: Executor,
  id: string,
  values: { resolvedById: string; log: string; now: Date; responderId: string | null },
): Promise<IncidentRow | undefined> {
  const [row] = await db
    .update(incidents)
    .set({ status: 'resolved', resolvedById: values.resolvedById, resolvedAt: values.now, resolutionLog: values.log, updatedAt: values.now })
    .where(
      and(
        eq(incidents.id, id),
        eq(incidents.status, 'in_progress'),
        values.responderId ? eq(incidents.responderId, values.responderId) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Rejects or marks a false alarm while the incident is open. Nothing is deleted. */
export async function closeOpenIncident(
  db: Executor,
  id: string,
  values: { status: 'rejected' | 'false_alarm'; reason: string; now: Date },
): Promise<IncidentRow | undefined> {
  const [row] = await db
    .update(incidents)
    .set({ status: values.status, closingReason: values.reason, updatedAt: values.now })
    .where(and(eq(incidents.id, id), inArray(incidents.status, ['pending', 'in_progress'])))
    .returning();
  return row;
}

/**
 * Puts the tanod's in-progress incident back in the queue (pending, no responder), returning it;
 * undefined when they hold none. Conditional like every step: a resolve that commits first wins.
 */
export async function returnActiveIncidentToQueue(db: Executor, tanodId: string, now: Date): Promise<IncidentRow | undefined> {
  const [row] = await db
    .update(incidents)
    .set({ status: 'pending', responderId: null, respondedAt: null, updatedAt: now })
    .where(and(eq(incidents.responderId, tanodId), eq(incidents.status, 'in_progress')))
    .returning();
  return row;
}

/** The tanod's in-progress incident, if any. */
export async function findActiveIncidentOf(db: Executor, tanodId: string): Promise<Pick<IncidentRow, 'id' | 'ticket'> | undefined> {
  const [row] = await db
    .select({ id: incidents.id, ticket: incidents.ticket })
    .from(incidents)
    .where(and(eq(incidents.responderId, tanodId), eq(incidents.status, 'in_progress')))
    .limit(1);
  return row;
}

/** Pending incidents created at or before `before` with this classification, but for those held in a burst: the escalation candidates. */
export async function listPendingCreatedBefore(
  db: Executor,
  classification: IncidentRow['classification'],
  before: Date,
): Promise<Pick<IncidentRow, 'id' | 'ticket' | 'type' | 'classification' | 'createdAt' | 'landmark' | 'address' | 'confidential'>[]> {
  return db
    .select({
      id: incidents.id,
      confidential: incidents.confidential,
      ticket: incidents.ticket,
      type: incidents.type,
      classification: incidents.classification,
      createdAt: incidents.createdAt,
      landmark: incidents.landmark,
      address: incidents.address,
    })
    .from(incidents)
    .where(
      and(
        eq(incidents.status, 'pending'),
        eq(incidents.classification, classification),
        sql`${incidents.createdAt} <= ${before.toISOString()}::timestamptz`,
        // A report held in an emergency burst escalates with its group's first report, not alone
        // (docs/decisions/031-emergency-bursts.md): thirty reminders of one fire would be the storm again.
        isNull(incidents.burstGroupId),
      ),
    )
    .orderBy(asc(incidents.createdAt))
    .limit(500);
}

/** Sets or lifts the confidential flag, returning the row; undefined for an unknown id. */
export async function setIncidentConfidential(db: Executor, id: string, confidential: boolean, now: Date): Promise<IncidentRow | undefined> {
  const [row] = await db.update(incidents).set({ confidential, updatedAt: now }).where(eq(incidents.id, id)).returning();
  return row;
}

/**
 * Claims one escalation level of a still-pending incident: the row is inserted only while the
 * incident is pending, and `on conflict do nothing` lets exactly one of several job runners (two
 * instances, or two ticks) win. True for the winner, in whose transaction the notifications go.
 */
export async function claimEscalation(db: Executor, incidentId: string, level: number, at: Date): Promise<boolean> {
  const rows = await db
    .insert(incidentEscalations)
    .select(
      db
        .select({ barangayId: incidents.barangayId, incidentId: incidents.id, level: sql<number>`${level}::integer`.as('level'), at: sql<Date>`${at.toISOString()}::timestamptz`.as('at') })
        .from(incidents)
        .where(and(eq(incidents.id, incidentId), eq(incidents.status, 'pending'))),
    )
    .onConflictDoNothing()
    .returning({ level: incidentEscalations.level });
  return rows.length > 0;
}
