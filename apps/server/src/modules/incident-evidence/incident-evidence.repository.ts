import { and, count, eq } from 'drizzle-orm';
import type { EvidencePurpose } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import { incidentPhotos, incidents, type IncidentRow } from '../../db/schema/index.ts';

/**
 * SQL of the staff's evidence photos (incident-evidence.service.ts). The detail lists them with the
 * incident (modules/incidents/staff-incidents.repository.ts, listEvidenceOf).
 */

/**
 * The incident, locked until the transaction ends: two uploads to one incident run one after the
 * other, so the second counts the first's photos before its own go in.
 */
export async function lockIncident(db: Executor, id: string): Promise<IncidentRow | undefined> {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id)).for('update');
  return row;
}

export async function countEvidence(db: Executor, incidentId: string, purpose: EvidencePurpose): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(incidentPhotos)
    .where(and(eq(incidentPhotos.incidentId, incidentId), eq(incidentPhotos.purpose, purpose)));
  return Number(row?.value ?? 0);
}

export async function insertEvidencePhotos(
  db: Executor,
  rows: { id: string; incidentId: string; width: number; height: number; bytes: number; purpose: EvidencePurpose; eventId: string | null; uploadedById: string; createdAt: Date }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(incidentPhotos).values(rows);
}
