import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { sessions, type SessionRow } from '../../db/schema/index.ts';

export async function listLiveSessions(db: Executor, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Revokes one live session of this user; false when there is none (or it is someone else's). */
export async function revokeOwnSession(db: Executor, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
