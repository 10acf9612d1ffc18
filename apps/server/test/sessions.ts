import { inTransaction } from '../src/db/transaction.ts';
import { revokeUserSessions } from '../src/modules/auth/sessions.repository.ts';
import { updateUser } from '../src/modules/users/users.repository.ts';
import type { TestContext } from './harness.ts';

/**
 * What deactivating an account must do (decision 002), until the user administration lands: the
 * status and the end of every session in one transaction, then `sessions.revoked`.
 */
export async function deactivate(ctx: TestContext, userId: string): Promise<void> {
  const now = ctx.deps.clock.now();
  await inTransaction(ctx.deps.db, async (tx, afterCommit) => {
    await updateUser(tx, userId, { status: 'deactivated', updatedAt: now });
    const sessionIds = await revokeUserSessions(tx, userId, now);
    afterCommit(() => ctx.deps.events.publish('sessions.revoked', { sessionIds }));
  });
}
