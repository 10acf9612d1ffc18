import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { capFeedPolls, capReceivedAlerts } from '../../db/schema/index.ts';

/**
 * Claims a feed's poll when its last one is at least `everyMs` old (or there was none), in one
 * statement, so two instances never read the same feed in the same interval. Answers whether
 * this caller holds the poll.
 */
export async function claimFeedPoll(db: Executor, url: string, now: Date, everyMs: number): Promise<boolean> {
  const dueBefore = new Date(now.getTime() - everyMs);
  const rows = await db
    .insert(capFeedPolls)
    .values({ url, polledAt: now })
    .onConflictDoUpdate({ target: capFeedPolls.url, set: { polledAt: now }, where: lte(capFeedPolls.polledAt, dueBefore) })
    .returning({ url: capFeedPolls.url });
  return rows.length > 0;
}

export async function recordFeedOutcome(db: Executor, url: string, lastError: string | null): Promise<void> {
  await db.update(capFeedPolls).set({ lastError }).where(eq(capFeedPolls.url, url));
}

export async function isAlertReceived(db: Executor, referenceKey: string): Promise<boolean> {
  const [row] = await db.select({ key: capReceivedAlerts.referenceKey }).from(capReceivedAlerts).where(eq(capReceivedAlerts.referenceKey, referenceKey)).limit(1);
  return row !== undefined;
}

/**
 * Records a message as read, in the transaction of what it caused. Answers false when another
 * poll recorded it first (its effects are then that poll's, and this transaction is rolled back).
 */
export async function recordReceivedAlert(
  db: Executor,
  values: { referenceKey: string; advisoryId: string | null; msgType: string; receivedAt: Date },
): Promise<boolean> {
  const rows = await db.insert(capReceivedAlerts).values(values).onConflictDoNothing().returning({ key: capReceivedAlerts.referenceKey });
  return rows.length > 0;
}

/** The advisory of the newest of the referenced messages that made or changed one. */
export async function advisoryOfReferences(db: Executor, referenceKeys: readonly string[]): Promise<string | undefined> {
  if (referenceKeys.length === 0) return undefined;
  const [row] = await db
    .select({ advisoryId: capReceivedAlerts.advisoryId })
    .from(capReceivedAlerts)
    .where(and(inArray(capReceivedAlerts.referenceKey, [...referenceKeys]), isNotNull(capReceivedAlerts.advisoryId)))
    .orderBy(desc(capReceivedAlerts.receivedAt), desc(sql`${capReceivedAlerts.referenceKey}`))
    .limit(1);
  return row?.advisoryId ?? undefined;
}
