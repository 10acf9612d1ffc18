import { and, asc, eq, exists, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EvidencePurpose, IncidentListFilters, IncidentStatus } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import { distanceSql } from '../../db/geo-sql.ts';
import { evaluations, incidentEvents, incidentPhotos, incidents, users, type IncidentRow } from '../../db/schema/index.ts';
import type { PersonRow } from '../users/index.ts';

/** The staff's SQL of incidents: the list, and the detail's parts (its timeline, photos, evidence, rating, people). */

const personColumns = (table: typeof users | ReturnType<typeof alias<typeof users, string>>) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  userType: table.userType,
  profilePicture: table.profilePicture,
});

type IncidentsTable = typeof incidents | ReturnType<typeof alias<typeof incidents, string>>;

/**
 * Who may be listed for a tanod: pending reports, and those they responded to or were assigned.
 * `table` is `incidents` or an alias of it (the possible duplicate a listed incident names).
 */
function visibleToTanod(tanodId: string, table: IncidentsTable = incidents): SQL {
  return or(
    eq(table.responderId, tanodId),
    // A confidential case only for its responder (incidents.policy.ts, canSeeIncident).
    and(
      eq(table.confidential, false),
      or(
        eq(table.status, 'pending'),
        exists(
          sql`(select 1 from ${incidentEvents} where ${incidentEvents.incidentId} = ${table.id} and ${incidentEvents.subjectUserId} = ${tanodId})`,
        ),
      ),
    ),
  )!;
}

export interface ListedIncidentRow {
  incident: IncidentRow;
  responder: PersonRow | null;
  duplicate: { id: string; ticket: string; status: IncidentStatus } | null;
  distance: number | null;
  /** The reporter's visible rating of the responder (a ticket rating an admin has not hidden). */
  rating: TicketRating | null;
  /** The values of the sort keys, for the cursor. */
  keys: (string | number)[];
}

export interface TicketRating {
  stars: number;
  comment: string;
  at: Date;
}

/** The join of an incident with its ticket rating: at most one (`evaluations_ticket_once_key`), hidden ones left out. */
const visibleTicketRating = and(eq(evaluations.incidentId, incidents.id), eq(evaluations.source, 'ticket'), eq(evaluations.hidden, false));

/** `rating=…`: star counts, and `none` for incidents with no visible rating. */
function ratingCondition(wanted: string[]): SQL {
  const stars = wanted.filter((value) => value !== 'none').map(Number);
  const clauses: SQL[] = [];
  if (stars.length) clauses.push(inArray(evaluations.rating, stars));
  if (wanted.includes('none')) clauses.push(sql`${evaluations.id} is null`);
  return or(...clauses)!;
}

interface SortKey {
  expr: SQL | typeof incidents.createdAt | typeof incidents.id;
  direction: 'asc' | 'desc';
  kind: 'time' | 'number' | 'text';
}

const emergencyRank = sql<number>`(case when ${incidents.classification} = 'emergency' then 0 else 1 end)`;

function sortKeys(filters: IncidentListFilters, distance: SQL<number> | null): SortKey[] {
  const id: SortKey = { expr: incidents.id, direction: filters.sort === 'newest' ? 'desc' : 'asc', kind: 'text' };
  switch (filters.sort) {
    case 'oldest':
      return [{ expr: incidents.createdAt, direction: 'asc', kind: 'time' }, id];
    case 'nearest':
      return [{ expr: distance!, direction: 'asc', kind: 'number' }, id];
    case 'priority':
      return [
        { expr: emergencyRank, direction: 'asc', kind: 'number' },
        distance ? { expr: distance, direction: 'asc', kind: 'number' } : { expr: incidents.createdAt, direction: 'asc', kind: 'time' },
        id,
      ];
    default:
      return [{ expr: incidents.createdAt, direction: 'desc', kind: 'time' }, id];
  }
}

/** Rows strictly after `values` in the order of `keys` (keyset pagination). */
function afterCursor(keys: SortKey[], values: (string | number)[]): SQL {
  const param = (key: SortKey, value: string | number) =>
    key.kind === 'time' ? sql`${new Date(value).toISOString()}::timestamptz` : key.kind === 'number' ? sql`${Number(value)}::double precision` : sql`${String(value)}::uuid`;
  const clauses = keys.map((key, index) => {
    const equalBefore = keys.slice(0, index).map((previous, i) => sql`${previous.expr} = ${param(previous, values[i]!)}`);
    const beyond = key.direction === 'asc' ? sql`${key.expr} > ${param(key, values[index]!)}` : sql`${key.expr} < ${param(key, values[index]!)}`;
    return and(...equalBefore, beyond)!;
  });
  return or(...clauses)!;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface ListIncidentsOptions {
  filters: IncidentListFilters;
  /** Restrict to what this tanod may see; null for admins. */
  tanodId: string | null;
  /** Leave confidential cases out even for an admin, as rows and as duplicates named (the CSV export, the GeoJSON, API keys). */
  withoutConfidential?: boolean;
  /** Decoded cursor values, or null for the first page. */
  after: (string | number)[] | null;
  limit: number;
}

/** Number of sort keys of a query, so a cursor from another sort is refused. */
export function sortKeyCount(filters: IncidentListFilters): number {
  return sortKeys(filters, filters.near ? sql<number>`0` : null).length;
}

export async function listIncidentsForStaff(db: Executor, options: ListIncidentsOptions): Promise<ListedIncidentRow[]> {
  const { filters } = options;
  const distance = filters.near ? distanceSql(filters.near, incidents) : null;
  const conditions: SQL[] = [];
  if (options.tanodId) conditions.push(visibleToTanod(options.tanodId));
  if (options.withoutConfidential) conditions.push(eq(incidents.confidential, false));
  if (filters.status?.length) conditions.push(inArray(incidents.status, filters.status));
  if (filters.classification) conditions.push(eq(incidents.classification, filters.classification));
  if (filters.type) conditions.push(sql`lower(${incidents.type}) = lower(${filters.type})`);
  if (filters.responder) conditions.push(eq(incidents.responderId, filters.responder));
  if (filters.rating?.length) conditions.push(ratingCondition(filters.rating));
  if (filters.from) conditions.push(gte(incidents.createdAt, new Date(filters.from)));
  if (filters.to) conditions.push(lt(incidents.createdAt, new Date(filters.to)));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(
      or(
        ilike(incidents.description, pattern),
        ilike(incidents.landmark, pattern),
        ilike(incidents.address, pattern),
        ilike(incidents.ticket, pattern),
        ilike(incidents.type, pattern),
      )!,
    );
  }
  if (distance && filters.radius !== undefined) conditions.push(sql`${distance} <= ${filters.radius}`);
  const keys = sortKeys(filters, distance);
  if (options.after) conditions.push(afterCursor(keys, options.after));

  const responder = alias(users, 'responder');
  const duplicate = alias(incidents, 'duplicate');
  const rows = await db
    .select({
      incident: incidents,
      responder: personColumns(responder),
      duplicate: { id: duplicate.id, ticket: duplicate.ticket, status: duplicate.status },
      distance: distance ?? sql<null>`null`,
      rating: { stars: evaluations.rating, comment: evaluations.comment, at: evaluations.createdAt },
      keys: sql<unknown[]>`json_build_array(${sql.join(
        keys.map((key) => (key.kind === 'time' ? sql`to_char(${key.expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : key.expr)),
        sql`, `,
      )})`,
    })
    .from(incidents)
    .leftJoin(responder, eq(responder.id, incidents.responderId))
    // The original is named only to a tanod who may open it (a confidential case never to the others).
    .leftJoin(
      duplicate,
      and(
        eq(duplicate.id, incidents.possibleDuplicateOfId),
        options.tanodId ? visibleToTanod(options.tanodId, duplicate) : undefined,
        options.withoutConfidential ? eq(duplicate.confidential, false) : undefined,
      ),
    )
    .leftJoin(evaluations, visibleTicketRating)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...keys.map((key) => (key.direction === 'asc' ? sql`${key.expr} asc` : sql`${key.expr} desc`)))
    .limit(options.limit);

  return rows.map((row) => ({
    incident: row.incident,
    responder: row.responder?.id ? (row.responder as PersonRow) : null,
    duplicate: row.duplicate?.id ? (row.duplicate as ListedIncidentRow['duplicate']) : null,
    distance: row.distance === null || row.distance === undefined ? null : Number(row.distance),
    rating: row.rating?.stars == null ? null : (row.rating as TicketRating),
    keys: (typeof row.keys === 'string' ? JSON.parse(row.keys) : row.keys) as (string | number)[],
  }));
}

/** The visible ticket rating of one incident (the detail's). */
export async function findTicketRating(db: Executor, incidentId: string): Promise<TicketRating | null> {
  const [row] = await db
    .select({ stars: evaluations.rating, comment: evaluations.comment, at: evaluations.createdAt })
    .from(evaluations)
    .where(and(eq(evaluations.incidentId, incidentId), eq(evaluations.source, 'ticket'), eq(evaluations.hidden, false)))
    .limit(1);
  return row ?? null;
}

export async function findIncidentById(db: Executor, id: string): Promise<IncidentRow | undefined> {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id)).limit(1);
  return row;
}

/** The incident a photo belongs to (reporter's or evidence), if it is claimed. */
export async function findIncidentOfPhoto(db: Executor, photoId: string): Promise<IncidentRow | undefined> {
  const [row] = await db
    .select({ incident: incidents })
    .from(incidentPhotos)
    .innerJoin(incidents, eq(incidents.id, incidentPhotos.incidentId))
    .where(eq(incidentPhotos.id, photoId))
    .limit(1);
  return row?.incident;
}

/** Which of these users were ever the subject of a step (assigned or responding) of this incident. */
export async function involvedAmong(db: Executor, incidentId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: incidentEvents.subjectUserId })
    .from(incidentEvents)
    .where(and(eq(incidentEvents.incidentId, incidentId), inArray(incidentEvents.subjectUserId, [...userIds])));
  return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
}

/** Whether the tanod was ever the subject of a step (assigned or responding) of this incident. */
export async function wasInvolved(db: Executor, incidentId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: incidentEvents.id })
    .from(incidentEvents)
    .where(and(eq(incidentEvents.incidentId, incidentId), eq(incidentEvents.subjectUserId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function listPhotosOf(db: Executor, incidentIds: string[]): Promise<Map<string, { id: string; width: number; height: number }[]>> {
  const result = new Map<string, { id: string; width: number; height: number }[]>();
  if (incidentIds.length === 0) return result;
  const rows = await db
    .select({ incidentId: incidentPhotos.incidentId, id: incidentPhotos.id, width: incidentPhotos.width, height: incidentPhotos.height })
    .from(incidentPhotos)
    // The reporter's photos only: staff evidence comes with the detail (listEvidenceOf).
    .where(and(inArray(incidentPhotos.incidentId, incidentIds), eq(incidentPhotos.purpose, 'report')))
    .orderBy(asc(incidentPhotos.createdAt), asc(incidentPhotos.id));
  for (const row of rows) {
    const list = result.get(row.incidentId!) ?? [];
    list.push({ id: row.id, width: row.width, height: row.height });
    result.set(row.incidentId!, list);
  }
  return result;
}

export async function listIncidentEvents(db: Executor, incidentId: string) {
  return db
    .select()
    .from(incidentEvents)
    .where(eq(incidentEvents.incidentId, incidentId))
    .orderBy(asc(incidentEvents.at), asc(incidentEvents.id));
}

export interface EvidenceRow {
  id: string;
  width: number;
  height: number;
  purpose: EvidencePurpose;
  eventId: string | null;
  uploadedById: string | null;
  createdAt: Date;
}

/** The staff's photos of one incident, oldest first (never the reporter's). */
export async function listEvidenceOf(db: Executor, incidentId: string): Promise<EvidenceRow[]> {
  const rows = await db
    .select({
      id: incidentPhotos.id,
      width: incidentPhotos.width,
      height: incidentPhotos.height,
      purpose: incidentPhotos.purpose,
      eventId: incidentPhotos.eventId,
      uploadedById: incidentPhotos.uploadedById,
      createdAt: incidentPhotos.createdAt,
    })
    .from(incidentPhotos)
    .where(and(eq(incidentPhotos.incidentId, incidentId), inArray(incidentPhotos.purpose, ['note', 'resolution'])))
    .orderBy(asc(incidentPhotos.createdAt), asc(incidentPhotos.id));
  return rows.map((row) => ({ ...row, purpose: row.purpose as EvidencePurpose }));
}
