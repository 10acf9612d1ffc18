import { and, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { incidentPhotos } from '../../db/schema/index.ts';

/**
 * Deletes up to `limit` photo rows that no report claimed and that were uploaded before `before`
 * (the partial index `incident_photos_unclaimed_idx` finds them); returns their ids, whose files
 * the caller removes after the commit.
 */
export async function deleteUnclaimedPhotosBefore(db: Executor, before: Date, limit: number): Promise<string[]> {
  const oldest = db
    .select({ id: incidentPhotos.id })
    .from(incidentPhotos)
    .where(and(isNull(incidentPhotos.incidentId), lt(incidentPhotos.createdAt, before)))
    .limit(limit);
  const rows = await db
    .delete(incidentPhotos)
    // Checked again on the row itself: a photo claimed between the select and the delete stays.
    .where(and(sql`${incidentPhotos.id} in (${oldest})`, isNull(incidentPhotos.incidentId)))
    .returning({ id: incidentPhotos.id });
  return rows.map((row) => row.id);
}
