import { and, desc, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { sessions, users, type SessionRow } from '../../db/schema/index.ts';

/** Which of username / email another user already has. */
export async function findIdentityConflicts(
  db: Executor,
  userId: string,
  values: { username?: string | null; email?: string | null },
): Promise<('username' | 'email')[]> {
  const conditions = [];
  if (values.username) conditions.push(eq(users.username, values.username));
  if (values.email) conditions.push(eq(users.email, values.email));
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(ne(users.id, userId), or(...conditions)));
  const taken: ('username' | 'email')[] = [];
  if (values.username && rows.some((row) => row.username === values.username)) taken.push('username');
  if (values.email && rows.some((row) => row.email === values.email)) taken.push('email');
  return taken;
}

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
