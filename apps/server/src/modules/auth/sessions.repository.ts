import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { UserType } from '@bantay/shared';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import type { Executor } from '../../db/transaction.ts';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema/index.ts';

export async function insertSession(
  db: Executor,
  values: { userId: string; expiresAt: Date; now: Date; userAgent: string | null; ip: string | null },
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      expiresAt: values.expiresAt,
      createdAt: values.now,
      lastSeenAt: values.now,
      userAgent: values.userAgent,
      ip: values.ip,
    })
    .returning();
  return row!;
}

export interface LiveSession {
  sessionId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  userId: string;
  userType: UserType;
  userStatus: UserRow['status'];
  mustChangePassword: boolean;
  language: UserRow['language'];
}

// Every authenticated request that misses the session cache runs this: prepared, and only the
// columns the check needs.
const liveSessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      userType: users.userType,
      userStatus: users.status,
      mustChangePassword: users.mustChangePassword,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_live_session'),
);

/** A session that is neither revoked nor expired, with its user's role and status. */
export async function findLiveSession(db: Db, sessionId: string, now: Date): Promise<LiveSession | undefined> {
  const [row] = await liveSessionQuery(db).execute({ sessionId, now: now.toISOString() });
  return row;
}

export async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, optionally keeping one (the caller's own). */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<string[]> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
