import { inTransaction } from '../src/db/transaction.ts';
import { pushSubscriptions } from '../src/db/schema/index.ts';
import { revokeUserSessions } from '../src/modules/auth/index.ts';
import { insertSession } from '../src/modules/auth/sessions.repository.ts';
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

/**
 * A push subscription row as a browser signed in as the person leaves it: tied to a session of
 * theirs opened for it (decision 017), live for the configured session length from the clock's now.
 */
export async function insertPushSubscription(
  ctx: TestContext,
  userId: string,
  values: { endpoint: string; p256dh?: string; auth?: string; userAgent?: string | null },
): Promise<string> {
  const now = ctx.deps.clock.now();
  const session = await insertSession(ctx.deps.db, { userId, expiresAt: new Date(now.getTime() + ctx.deps.config.sessionTtlMs), now, userAgent: values.userAgent ?? null, ip: null });
  const [row] = await ctx.deps.db
    .insert(pushSubscriptions)
    .values({ userId, sessionId: session.id, endpoint: values.endpoint, p256dh: values.p256dh ?? 'key', auth: values.auth ?? 'auth', userAgent: values.userAgent ?? null })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}
