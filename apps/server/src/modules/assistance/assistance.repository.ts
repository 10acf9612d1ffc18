import { and, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { OPEN_ASSISTANCE_STATUSES, type AssistanceStatus } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import {
  assistanceAlerts,
  assistanceDispatches,
  assistanceRequests,
  incidents,
  type AssistanceRequestRow,
  type NewAssistanceRequestRow,
} from '../../db/schema/index.ts';

export async function insertAssistanceRequest(db: Executor, values: NewAssistanceRequestRow): Promise<AssistanceRequestRow> {
  const [row] = await db.insert(assistanceRequests).values(values).returning();
  return row!;
}

export async function findAssistanceRequest(db: Executor, id: string): Promise<AssistanceRequestRow | undefined> {
  const [row] = await db.select().from(assistanceRequests).where(eq(assistanceRequests.id, id)).limit(1);
  return row;
}

/** Moves a request on only from one of `from` (the state machine's guard, in the UPDATE itself). */
export async function transitionAssistanceRequest(
  db: Executor,
  id: string,
  from: readonly AssistanceStatus[],
  values: Partial<NewAssistanceRequestRow> & { status: AssistanceStatus; updatedAt: Date },
): Promise<AssistanceRequestRow | undefined> {
  const [row] = await db
    .update(assistanceRequests)
    .set(values)
    .where(and(eq(assistanceRequests.id, id), inArray(assistanceRequests.status, [...from])))
    .returning();
  return row;
}

export async function insertDispatches(db: Executor, requestId: string, tanodIds: string[]): Promise<void> {
  if (tanodIds.length > 0) await db.insert(assistanceDispatches).values(tanodIds.map((tanodId) => ({ requestId, tanodId })));
}

export async function listDispatchedTanodIds(db: Executor, requestIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (requestIds.length === 0) return result;
  const rows = await db.select().from(assistanceDispatches).where(inArray(assistanceDispatches.requestId, requestIds));
  for (const row of rows) result.set(row.requestId, [...(result.get(row.requestId) ?? []), row.tanodId]);
  return result;
}

/** Who the request's alert was sent to (the on-duty tanods near it, the requester left out). */
export async function insertAlerts(db: Executor, requestId: string, tanodIds: string[]): Promise<void> {
  if (tanodIds.length > 0) await db.insert(assistanceAlerts).values(tanodIds.map((tanodId) => ({ requestId, tanodId }))).onConflictDoNothing();
}

/** The tanods each request's alert was sent to. */
export async function listAlertedTanodIds(db: Executor, requestIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (requestIds.length === 0) return result;
  const rows = await db.select().from(assistanceAlerts).where(inArray(assistanceAlerts.requestId, requestIds));
  for (const row of rows) result.set(row.requestId, [...(result.get(row.requestId) ?? []), row.tanodId]);
  return result;
}

/**
 * Newest first. `visibleTo` (a tanod) keeps their own requests, those they were dispatched to, and
 * every open one.
 */
export async function listAssistanceRequests(
  db: Executor,
  options: { statuses?: AssistanceStatus[]; incidentId?: string; visibleTo: string | null; limit: number },
): Promise<AssistanceRequestRow[]> {
  const conditions: SQL[] = [];
  if (options.statuses?.length) conditions.push(inArray(assistanceRequests.status, options.statuses));
  if (options.incidentId) conditions.push(eq(assistanceRequests.incidentId, options.incidentId));
  if (options.visibleTo) {
    conditions.push(
      or(
        eq(assistanceRequests.requesterId, options.visibleTo),
        inArray(assistanceRequests.status, [...OPEN_ASSISTANCE_STATUSES]),
        exists(
          sql`(select 1 from ${assistanceDispatches} where ${assistanceDispatches.requestId} = ${assistanceRequests.id} and ${assistanceDispatches.tanodId} = ${options.visibleTo})`,
        ),
      )!,
    );
  }
  return db
    .select()
    .from(assistanceRequests)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(assistanceRequests.createdAt), desc(assistanceRequests.id))
    .limit(options.limit);
}

export interface IncidentSummary {
  id: string;
  ticket: string;
  type: string;
  classification: 'normal' | 'emergency';
  confidential: boolean;
}

export async function findIncidentSummaries(db: Executor, ids: string[]): Promise<Map<string, IncidentSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: incidents.id, ticket: incidents.ticket, type: incidents.type, classification: incidents.classification, confidential: incidents.confidential })
    .from(incidents)
    .where(inArray(incidents.id, unique));
  // Backup reaches tanods who may not open a confidential case: it says it is one, not what it is
  // (docs/decisions/027-confidential-cases.md).
  return new Map(rows.map((row) => [row.id, row.confidential ? { ...row, type: 'Confidential case' } : row]));
}
