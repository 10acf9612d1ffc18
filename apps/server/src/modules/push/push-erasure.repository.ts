import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { alertPreferences, pushSubscriptions } from '../../db/schema/index.ts';

/** Every browser subscribed for the account (endpoint and keys) and its alert choices. */
export async function deletePushDataOf(db: Executor, userId: string): Promise<{ subscriptions: number }> {
  const subscriptions = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).returning({ id: pushSubscriptions.id });
  await db.delete(alertPreferences).where(eq(alertPreferences.userId, userId));
  return { subscriptions: subscriptions.length };
}
