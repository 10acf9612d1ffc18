import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { botCheckSolutions } from '../../db/schema/index.ts';

/**
 * Records a solution as used. Returns false when it was already recorded (a replay). Expired
 * entries are swept on the way, so the table stays as small as the challenges alive.
 */
export async function rememberSolution(db: Executor, key: string, until: Date, now: Date): Promise<boolean> {
  await db.delete(botCheckSolutions).where(lt(botCheckSolutions.expiresAt, now));
  const inserted = await db
    .insert(botCheckSolutions)
    .values({ key, expiresAt: until })
    .onConflictDoNothing()
    .returning({ key: botCheckSolutions.key });
  return inserted.length === 1;
}
