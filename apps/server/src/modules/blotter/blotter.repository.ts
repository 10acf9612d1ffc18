import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AccountLanguage, BlotterStatus, BlotterValues } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import {
  blotterAmendments,
  blotterCopyRequests,
  blotterCounters,
  blotterEntries,
  blotterHearings,
  incidents,
  users,
  type BlotterAmendmentRow,
  type BlotterCopyRequestRow,
  type BlotterEntryRow,
  type BlotterHearingRow,
} from '../../db/schema/index.ts';

/** The blotter's SQL (docs/decisions/026-the-blotter.md). No statement here deletes anything. */

/**
 * The next number of a year: the year's row is created at 1 or bumped by one, and returned. Run
 * it in the transaction that inserts the entry: the row stays locked until that commits, so
 * concurrent entries take their numbers one after another, and a rollback returns its number.
 */
export async function takeNextSequence(tx: Executor, year: number): Promise<number> {
  const [row] = await tx
    .insert(blotterCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: blotterCounters.year, set: { last: sql`${blotterCounters.last} + 1` } })
    .returning({ last: blotterCounters.last });
  return row!.last;
}

export async function insertEntry(tx: Executor, values: typeof blotterEntries.$inferInsert): Promise<BlotterEntryRow> {
  const [row] = await tx.insert(blotterEntries).values(values).returning();
  return row!;
}

export async function findEntry(db: Executor, id: string): Promise<BlotterEntryRow | undefined> {
  const [row] = await db.select().from(blotterEntries).where(eq(blotterEntries.id, id)).limit(1);
  return row;
}

/** The entry locked for an amendment, so two amendments at once are numbered one after the other. */
export async function lockEntry(tx: Executor, id: string): Promise<BlotterEntryRow | undefined> {
  const [row] = await tx.select().from(blotterEntries).where(eq(blotterEntries.id, id)).for('update').limit(1);
  return row;
}

export async function updateEntryValues(
  tx: Executor,
  id: string,
  values: Partial<Omit<BlotterValues, 'occurredAt'>> & { occurredAt?: Date; partyPhones: string[]; updatedAt: Date },
): Promise<BlotterEntryRow> {
  const [row] = await tx.update(blotterEntries).set(values).where(eq(blotterEntries.id, id)).returning();
  return row!;
}

export async function setEntryConfidential(tx: Executor, id: string, confidential: boolean, now: Date): Promise<BlotterEntryRow> {
  const [row] = await tx.update(blotterEntries).set({ confidential, updatedAt: now }).where(eq(blotterEntries.id, id)).returning();
  return row!;
}

export async function insertAmendment(tx: Executor, values: typeof blotterAmendments.$inferInsert): Promise<BlotterAmendmentRow> {
  const [row] = await tx.insert(blotterAmendments).values(values).returning();
  return row!;
}

export async function listAmendments(db: Executor, entryId: string): Promise<BlotterAmendmentRow[]> {
  return db.select().from(blotterAmendments).where(eq(blotterAmendments.entryId, entryId)).orderBy(asc(blotterAmendments.sequence));
}

/** The incident's people who "handled" it, for the tanod's read rule, and its ticket. */
export async function findIncidentHandlers(
  db: Executor,
  incidentIds: string[],
): Promise<Map<string, { ticket: string; responderId: string | null; resolvedById: string | null; confidential: boolean }>> {
  const unique = [...new Set(incidentIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: incidents.id, ticket: incidents.ticket, responderId: incidents.responderId, resolvedById: incidents.resolvedById, confidential: incidents.confidential })
    .from(incidents)
    .where(inArray(incidents.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findEntryOfIncident(db: Executor, incidentId: string): Promise<Pick<BlotterEntryRow, 'id' | 'number'> | undefined> {
  const [row] = await db
    .select({ id: blotterEntries.id, number: blotterEntries.number })
    .from(blotterEntries)
    .where(eq(blotterEntries.incidentId, incidentId))
    .orderBy(asc(blotterEntries.createdAt))
    .limit(1);
  return row;
}

export interface EntryListFilter {
  q?: string | undefined;
  /** Occurrence window, [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
  status?: BlotterStatus | undefined;
  /** A tanod's view: entries of the incidents they handled (confidential ones only as responder). */
  tanodId: string | null;
  /** The last entry of the previous page, by its number. */
  after: { year: number; sequence: number } | null;
  limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `2026-0004`, `2026-4`, `0004` or `4`: the number's parts; null when the text is not a number. */
function numberQuery(q: string): { year: number | null; sequence: number } | null {
  const match = /^(?:(\d{4})-)?0*(\d{1,6})$/.exec(q);
  if (!match) return null;
  return { year: match[1] ? Number(match[1]) : null, sequence: Number(match[2]) };
}

/**
 * Highest number first, keyset-paged on (year, sequence): the number is the order in which entries
 * were recorded, and unlike the record time it never ties.
 */
export async function listEntries(db: Executor, filter: EntryListFilter) {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    const byNumber = numberQuery(filter.q);
    const text = or(
      sql`${blotterEntries.place} ilike ${like}`,
      sql`${blotterEntries.nature} ilike ${like}`,
      // The names of the parties, current values (the jsonb's names only, not the addresses).
      sql`exists (select 1 from jsonb_array_elements(${blotterEntries.complainants} || ${blotterEntries.respondents}) as party where party->>'name' ilike ${like})`,
      sql`${blotterEntries.number} ilike ${like}`,
    )!;
    conditions.push(
      byNumber
        ? or(text, byNumber.year === null ? eq(blotterEntries.sequence, byNumber.sequence) : and(eq(blotterEntries.year, byNumber.year), eq(blotterEntries.sequence, byNumber.sequence)))!
        : text,
    );
  }
  if (filter.from) conditions.push(gte(blotterEntries.occurredAt, filter.from));
  if (filter.to) conditions.push(lt(blotterEntries.occurredAt, filter.to));
  if (filter.status) conditions.push(eq(blotterEntries.status, filter.status));
  if (filter.tanodId) {
    conditions.push(
      sql`exists (select 1 from ${incidents} where ${incidents.id} = ${blotterEntries.incidentId} and (${incidents.responderId} = ${filter.tanodId} or (${blotterEntries.confidential} = false and ${incidents.resolvedById} = ${filter.tanodId})))`,
    );
  }
  if (filter.after) {
    conditions.push(
      sql`(${blotterEntries.year}, ${blotterEntries.sequence}) < (${filter.after.year}, ${filter.after.sequence})`,
    );
  }
  return db
    .select({
      entry: blotterEntries,
      ticket: incidents.ticket,
      amendmentCount: sql<number>`(select count(*)::int from ${blotterAmendments} where ${blotterAmendments.entryId} = ${blotterEntries.id})`,
    })
    .from(blotterEntries)
    .leftJoin(incidents, eq(incidents.id, blotterEntries.incidentId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(blotterEntries.year), desc(blotterEntries.sequence))
    .limit(filter.limit);
}

export async function insertHearing(tx: Executor, values: typeof blotterHearings.$inferInsert): Promise<BlotterHearingRow> {
  const [row] = await tx.insert(blotterHearings).values(values).returning();
  return row!;
}

export async function findHearing(db: Executor, id: string): Promise<BlotterHearingRow | undefined> {
  const [row] = await db.select().from(blotterHearings).where(eq(blotterHearings.id, id)).limit(1);
  return row;
}

/** Records the outcome of a hearing that has none yet; undefined when another was recorded first. */
export async function recordHearingOutcome(
  tx: Executor,
  id: string,
  values: Pick<BlotterHearingRow, 'outcome' | 'terms' | 'outcomeAt' | 'outcomeById'>,
): Promise<BlotterHearingRow | undefined> {
  const [row] = await tx
    .update(blotterHearings)
    .set(values)
    .where(and(eq(blotterHearings.id, id), sql`${blotterHearings.outcome} is null`))
    .returning();
  return row;
}

export type HearingWithEntry = { hearing: BlotterHearingRow; number: string; nature: string };

export async function listHearingsOf(db: Executor, entryId: string): Promise<HearingWithEntry[]> {
  return db
    .select({ hearing: blotterHearings, number: blotterEntries.number, nature: blotterEntries.nature })
    .from(blotterHearings)
    .innerJoin(blotterEntries, eq(blotterEntries.id, blotterHearings.entryId))
    .where(eq(blotterHearings.entryId, entryId))
    .orderBy(asc(blotterHearings.scheduledAt));
}

export async function listHearingsBetween(db: Executor, from: Date, to: Date): Promise<HearingWithEntry[]> {
  return db
    .select({ hearing: blotterHearings, number: blotterEntries.number, nature: blotterEntries.nature })
    .from(blotterHearings)
    .innerJoin(blotterEntries, eq(blotterEntries.id, blotterHearings.entryId))
    .where(and(gte(blotterHearings.scheduledAt, from), lt(blotterHearings.scheduledAt, to)))
    .orderBy(asc(blotterHearings.scheduledAt), asc(blotterHearings.id))
    .limit(1000);
}

/** An active staff account that may mediate (the Lupon's chair or a member with an account). */
export async function findActiveStaff(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, userType: users.userType, status: users.status })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.userType, ['tanod', 'admin', 'supadmin']), eq(users.status, 'active')))
    .limit(1);
  return row;
}

export async function findUserPhone(
  db: Executor,
  id: string,
): Promise<{ phoneNumber: string | null; firstName: string; lastName: string; language: AccountLanguage | null } | undefined> {
  const [row] = await db
    .select({ phoneNumber: users.phoneNumber, firstName: users.firstName, lastName: users.lastName, language: users.language })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The account language of the residents who have these phones (decision 029): a party's SMS is written in it. */
export async function residentLanguagesOf(db: Executor, phones: readonly string[]): Promise<Map<string, AccountLanguage>> {
  if (phones.length === 0) return new Map();
  const rows = await db
    .select({ phoneNumber: users.phoneNumber, language: users.language })
    .from(users)
    .where(and(inArray(users.phoneNumber, [...phones]), eq(users.userType, 'resident')));
  return new Map(rows.flatMap((row) => (row.phoneNumber && row.language ? [[row.phoneNumber, row.language] as const] : [])));
}

/** The entries naming a phone among their parties, newest first. */
export async function listEntriesOfPhone(db: Executor, phone: string): Promise<BlotterEntryRow[]> {
  return db
    .select()
    .from(blotterEntries)
    .where(sql`${blotterEntries.partyPhones} @> array[${phone}]::text[]`)
    .orderBy(desc(blotterEntries.createdAt))
    .limit(200);
}

/** A new pending request, or the one already open (the partial unique index keeps one). */
export async function insertCopyRequest(tx: Executor, entryId: string, requesterId: string, now: Date): Promise<BlotterCopyRequestRow | undefined> {
  const [row] = await tx
    .insert(blotterCopyRequests)
    .values({ entryId, requesterId, createdAt: now })
    .onConflictDoNothing({ target: [blotterCopyRequests.entryId, blotterCopyRequests.requesterId], where: sql`${blotterCopyRequests.status} = 'pending'` })
    .returning();
  return row;
}

export async function findCopyRequest(db: Executor, id: string): Promise<BlotterCopyRequestRow | undefined> {
  const [row] = await db.select().from(blotterCopyRequests).where(eq(blotterCopyRequests.id, id)).limit(1);
  return row;
}

/** Decides a pending request; undefined when it was decided already. */
export async function decideCopyRequest(
  tx: Executor,
  id: string,
  values: Pick<BlotterCopyRequestRow, 'status' | 'reason' | 'decidedById' | 'decidedAt'>,
): Promise<BlotterCopyRequestRow | undefined> {
  const [row] = await tx
    .update(blotterCopyRequests)
    .set(values)
    .where(and(eq(blotterCopyRequests.id, id), eq(blotterCopyRequests.status, 'pending')))
    .returning();
  return row;
}

export type CopyRequestWithNames = { request: BlotterCopyRequestRow; number: string; firstName: string | null; lastName: string | null };

const copyRequestColumns = {
  request: blotterCopyRequests,
  number: blotterEntries.number,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function listCopyRequests(db: Executor, where: SQL): Promise<CopyRequestWithNames[]> {
  return db
    .select(copyRequestColumns)
    .from(blotterCopyRequests)
    .innerJoin(blotterEntries, eq(blotterEntries.id, blotterCopyRequests.entryId))
    // A left join: a deleted account's requests stay on the list, without a name.
    .leftJoin(users, eq(users.id, blotterCopyRequests.requesterId))
    .where(where)
    .orderBy(desc(blotterCopyRequests.createdAt))
    .limit(500);
}

export const copyRequestsWithStatus = (status: BlotterCopyRequestRow['status']) => eq(blotterCopyRequests.status, status);
export const copyRequestsOfEntry = (entryId: string) => eq(blotterCopyRequests.entryId, entryId);
export const copyRequestWithId = (id: string) => eq(blotterCopyRequests.id, id);
export const copyRequestsOfRequester = (requesterId: string, entryIds: string[]) =>
  and(eq(blotterCopyRequests.requesterId, requesterId), entryIds.length ? inArray(blotterCopyRequests.entryId, entryIds) : sql`false`)!;

/**
 * Takes one resident off their requests: those still waiting are closed (refused by nobody, with
 * `reason`), and every one of them loses its requester. Returns how many were closed.
 */
export async function detachCopyRequester(tx: Executor, requesterId: string, reason: string, now: Date): Promise<number> {
  const closed = await tx
    .update(blotterCopyRequests)
    .set({ status: 'rejected', reason, decidedById: null, decidedAt: now })
    .where(and(eq(blotterCopyRequests.requesterId, requesterId), eq(blotterCopyRequests.status, 'pending')))
    .returning({ id: blotterCopyRequests.id });
  await tx.update(blotterCopyRequests).set({ requesterId: null }).where(eq(blotterCopyRequests.requesterId, requesterId));
  return closed.length;
}

/**
 * Closes the requests still waiting on an entry of the residents whose number is `phone` (`reason`
 * says why): the number is no longer on the entry. Returns how many were closed.
 */
export async function closePendingCopyRequestsOfPhone(tx: Executor, entryId: string, phone: string, reason: string, now: Date, actorId: string): Promise<number> {
  const rows = await tx
    .update(blotterCopyRequests)
    .set({ status: 'rejected', reason, decidedById: actorId, decidedAt: now })
    .where(
      and(
        eq(blotterCopyRequests.entryId, entryId),
        eq(blotterCopyRequests.status, 'pending'),
        sql`${blotterCopyRequests.requesterId} in (select ${users.id} from ${users} where ${users.phoneNumber} = ${phone} and ${users.userType} = 'resident')`,
      ),
    )
    .returning({ id: blotterCopyRequests.id });
  return rows.length;
}

export async function setPartyPhones(tx: Executor, id: string, partyPhones: string[], now: Date): Promise<BlotterEntryRow> {
  const [row] = await tx.update(blotterEntries).set({ partyPhones, updatedAt: now }).where(eq(blotterEntries.id, id)).returning();
  return row!;
}

/** Whether the resident holds an approved request for the entry: their right to download the copy. */
export async function hasApprovedCopy(db: Executor, entryId: string, requesterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blotterCopyRequests.id })
    .from(blotterCopyRequests)
    .where(and(eq(blotterCopyRequests.entryId, entryId), eq(blotterCopyRequests.requesterId, requesterId), eq(blotterCopyRequests.status, 'approved')))
    .limit(1);
  return Boolean(row);
}
