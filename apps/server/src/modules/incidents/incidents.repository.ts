import { and, asc, count, desc, eq, gt, gte, inArray, isNull, min, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/transaction.ts';
import {
  evaluations,
  incidentEvents,
  incidentPhotos,
  incidents,
  users,
  type IncidentEventRow,
  type IncidentRow,
  type NewIncidentRow,
} from '../../db/schema/index.ts';

/**
 * Inserts unless the ticket is taken (then undefined: the caller draws another). A taken
 * `clientId` is not absorbed here: it throws the unique violation of `incidents_client_id_key`.
 */
export async function insertIncident(db: Executor, values: NewIncidentRow): Promise<IncidentRow | undefined> {
  const [row] = await db.insert(incidents).values(values).onConflictDoNothing({ target: incidents.ticket }).returning();
  return row;
}

export async function insertIncidentEvent(
  db: Executor,
  values: { incidentId: string; at: Date; kind: IncidentEventRow['kind']; actorId?: string | null; subjectUserId?: string | null; detail?: string | null },
): Promise<IncidentEventRow> {
  const [row] = await db.insert(incidentEvents).values(values).returning();
  return row!;
}

/** The ticket of the report a browser sent with `clientId`, if the server has it already. */
export async function findTicketByClientId(db: Executor, clientId: string): Promise<string | undefined> {
  const [row] = await db.select({ ticket: incidents.ticket }).from(incidents).where(eq(incidents.clientId, clientId)).limit(1);
  return row?.ticket;
}

export async function findIncidentByTicket(db: Executor, ticket: string): Promise<IncidentRow | undefined> {
  const [row] = await db.select().from(incidents).where(eq(incidents.ticket, ticket)).limit(1);
  return row;
}

/** Open reports of a type created since `since`: the candidates of the duplicate hint. */
export async function listOpenIncidentsOfTypeSince(
  db: Executor,
  type: string,
  since: Date,
): Promise<Pick<IncidentRow, 'id' | 'ticket' | 'lat' | 'lng' | 'createdAt' | 'status' | 'responderId' | 'confidential'>[]> {
  return db
    .select({
      id: incidents.id,
      ticket: incidents.ticket,
      lat: incidents.lat,
      lng: incidents.lng,
      createdAt: incidents.createdAt,
      // Who may open it: the hint names it only to them.
      status: incidents.status,
      responderId: incidents.responderId,
      confidential: incidents.confidential,
    })
    .from(incidents)
    .where(and(eq(incidents.type, type), gte(incidents.createdAt, since), inArray(incidents.status, ['pending', 'in_progress'])))
    .orderBy(desc(incidents.createdAt))
    .limit(200);
}

/** Reports from one device since `since`: how many, and when the oldest was (for Retry-After). */
export async function countDeviceIncidentsSince(db: Executor, deviceHash: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ value: count(), oldest: min(incidents.createdAt) })
    .from(incidents)
    .where(and(eq(incidents.deviceHash, deviceHash), gt(incidents.createdAt, since)));
  return { count: Number(row?.value ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** The public timeline's raw material: events with the first names of the tanods concerned. */
export async function listIncidentEventsWithNames(
  db: Executor,
  incidentId: string,
): Promise<{ event: IncidentEventRow; subjectFirstName: string | null; actorFirstName: string | null }[]> {
  const subject = alias(users, 'subject');
  const actor = alias(users, 'actor');
  return db
    .select({ event: incidentEvents, subjectFirstName: subject.firstName, actorFirstName: actor.firstName })
    .from(incidentEvents)
    .leftJoin(subject, eq(subject.id, incidentEvents.subjectUserId))
    .leftJoin(actor, eq(actor.id, incidentEvents.actorId))
    .where(eq(incidentEvents.incidentId, incidentId))
    .orderBy(asc(incidentEvents.at), asc(incidentEvents.id));
}

export async function findUserFirstName(db: Executor, id: string): Promise<string | null> {
  const [row] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, id)).limit(1);
  return row?.firstName ?? null;
}

/**
 * Which of these incidents already have their ticket rating (the ticket then offers no rating
 * form). The rating is the evaluations module's row; the incident's side reads it here, as the
 * staff list does, so that incidents need not import evaluations (which records ratings through
 * incidents' door).
 */
export async function ticketRatingsOf(db: Executor, incidentIds: string[]): Promise<Set<string>> {
  if (incidentIds.length === 0) return new Set();
  const rows = await db
    .select({ incidentId: evaluations.incidentId })
    .from(evaluations)
    .where(and(eq(evaluations.source, 'ticket'), inArray(evaluations.incidentId, incidentIds)));
  return new Set(rows.map((row) => row.incidentId!));
}

export async function listIncidentsOfReporter(db: Executor, reporterId: string, limit: number): Promise<IncidentRow[]> {
  return db.select().from(incidents).where(eq(incidents.reporterId, reporterId)).orderBy(desc(incidents.createdAt)).limit(limit);
}

export async function countPhotosOf(db: Executor, incidentIds: string[]): Promise<Map<string, number>> {
  if (incidentIds.length === 0) return new Map();
  const rows = await db
    .select({ incidentId: incidentPhotos.incidentId, value: count() })
    .from(incidentPhotos)
    // A resident counts their own photos, never the staff's evidence.
    .where(and(inArray(incidentPhotos.incidentId, incidentIds), eq(incidentPhotos.purpose, 'report')))
    .groupBy(incidentPhotos.incidentId);
  return new Map(rows.map((row) => [row.incidentId!, Number(row.value)]));
}

// --- Photos ----------------------------------------------------------------------------------

export async function insertIncidentPhotos(
  db: Executor,
  rows: { id: string; width: number; height: number; bytes: number; createdAt: Date }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(incidentPhotos).values(rows);
}

/** How many of `ids` are unclaimed and uploaded after `since`. */
export async function countClaimablePhotos(db: Executor, ids: string[], since: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(incidentPhotos)
    .where(and(inArray(incidentPhotos.id, ids), isNull(incidentPhotos.incidentId), gt(incidentPhotos.createdAt, since)));
  return Number(row?.value ?? 0);
}

/** Attaches unclaimed, recent photos to an incident atomically; returns how many were claimed. */
export async function claimPhotos(db: Executor, ids: string[], incidentId: string, since: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(incidentPhotos)
    .set({ incidentId })
    .where(and(inArray(incidentPhotos.id, ids), isNull(incidentPhotos.incidentId), gt(incidentPhotos.createdAt, since)))
    .returning({ id: incidentPhotos.id });
  return rows.length;
}

/** For tests and the future retention job. */
export async function countIncidents(db: Executor): Promise<number> {
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(incidents);
  return Number(row?.value ?? 0);
}

/** Marks a change; returns what the change's event needs (who may hear it), undefined for an unknown id. */
export async function touchIncident(
  db: Executor,
  id: string,
  now: Date,
): Promise<Pick<IncidentRow, 'id' | 'updatedAt' | 'confidential' | 'responderId'> | undefined> {
  const [row] = await db
    .update(incidents)
    .set({ updatedAt: now })
    .where(eq(incidents.id, id))
    .returning({ id: incidents.id, updatedAt: incidents.updatedAt, confidential: incidents.confidential, responderId: incidents.responderId });
  return row;
}

/** Marks a change without a status step (a note, evidence), returning the row. */
export async function touchIncidentReturning(db: Executor, id: string, now: Date): Promise<IncidentRow | undefined> {
  const [row] = await db.update(incidents).set({ updatedAt: now }).where(eq(incidents.id, id)).returning();
  return row;
}
