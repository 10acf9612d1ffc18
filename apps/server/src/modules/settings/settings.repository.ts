import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { barangaySettings, type BarangaySettingsRow } from '../../db/schema/index.ts';

export async function findSettings(db: Executor): Promise<BarangaySettingsRow | undefined> {
  const [row] = await db.select().from(barangaySettings).where(eq(barangaySettings.id, 1)).limit(1);
  return row;
}

export async function upsertSettings(
  db: Executor,
  values: Omit<typeof barangaySettings.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
  now: Date,
): Promise<void> {
  await db
    .insert(barangaySettings)
    .values({ id: 1, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: barangaySettings.id, set: { ...values, updatedAt: now } });
}
