import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { EvidencePurpose } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import { incidentPhotos, incidents, type IncidentRow } from '../../db/schema/index.ts';

/** SQL of the staff's evidence photos (incident-evidence.service.ts). */

export interface EvidenceRow {
  id: string;
  width: number;
  height: number;
  purpose: EvidencePurpose;
  eventId: string | null;
  uploadedById: string | null;
  createdAt: Date;
}

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
