import { and, eq, gte, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { incidents, type IncidentRow } from '../../db/schema/index.ts';

/** The SQL of emergency bursts (docs/decisions/031-emergency-bursts.md). */

/**
 * Open reports of a type since `since` that a burst report may join: a confidential case is no
 * group, since the summary names its group's type and place to the tanods on duty.
 */
export async function listBurstGroupCandidates(
  db: Executor,
  type: string,
  since: Date,
): Promise<Pick<IncidentRow, 'id' | 'lat' | 'lng' | 'burstGroupId'>[]> {
  return db
    .select({ id: incidents.id, lat: incidents.lat, lng: incidents.lng, burstGroupId: incidents.burstGroupId })
    .from(incidents)
    .where(
      and(
        eq(incidents.type, type),
        gte(incidents.createdAt, since),
        inArray(incidents.status, ['pending', 'in_progress']),
        eq(incidents.confidential, false),
      ),
    )
    .limit(200);
}

/** Serialises the burst summaries, so two instances never both send one (held until commit). */
export async function lockBurstSummaries(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bantay.emergency-bursts'))`);
}

/** When the last summary went out, or null when none ever did. */
export async function lastBurstSummaryAt(db: Executor): Promise<Date | null> {
  const [row] = await db.select({ at: max(incidents.burstSummarizedAt) }).from(incidents).where(isNotNull(incidents.burstSummarizedAt));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Marks every held report no summary counted yet as counted at `now`, and returns them. A report
 * an admin has since made confidential stays out: no summary may count it.
 */
export async function claimHeldBurstReports(
  db: Executor,
  now: Date,
): Promise<Pick<IncidentRow, 'id' | 'burstGroupId' | 'createdAt'>[]> {
  return db
    .update(incidents)
    .set({ burstSummarizedAt: now })
    .where(and(isNotNull(incidents.burstGroupId), isNull(incidents.burstSummarizedAt), eq(incidents.confidential, false)))
    .returning({ id: incidents.id, burstGroupId: incidents.burstGroupId, createdAt: incidents.createdAt });
}

/** The first reports of the groups, which the summaries name. */
export async function listBurstGroupHeads(
  db: Executor,
  ids: string[],
): Promise<Pick<IncidentRow, 'id' | 'ticket' | 'type' | 'landmark' | 'address' | 'confidential'>[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: incidents.id,
      ticket: incidents.ticket,
      type: incidents.type,
      landmark: incidents.landmark,
      address: incidents.address,
      confidential: incidents.confidential,
    })
    .from(incidents)
    .where(inArray(incidents.id, ids));
}
