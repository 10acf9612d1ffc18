import { sql } from 'drizzle-orm';
import type { Polygon } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import { barangays } from '../../db/schema/index.ts';

const PSGC = /^[0-9]{10}$/;

/**
 * Single-barangay mode (decision 035): the one row of `barangays` follows the settings, its name
 * and outline, and its PSGC code once a valid one is set. A new code is one update, cascaded to
 * every tenant row's `barangay_id` (on a big installation a long transaction, done once). With
 * several barangays (a city) nothing is changed here: a city edits its barangays itself.
 */
export async function followSettings(db: Executor, settings: { name: string; boundary: Polygon | null; psgcCode: string | null }, now: Date): Promise<void> {
  await db
    .update(barangays)
    .set({
      name: settings.name,
      boundary: settings.boundary,
      updatedAt: now,
      ...(settings.psgcCode && PSGC.test(settings.psgcCode) ? { psgc: settings.psgcCode } : {}),
    })
    .where(sql`(select count(*) from ${barangays}) = 1`);
}
