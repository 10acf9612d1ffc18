import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { passwordResetTokens, users, type PasswordResetTokenRow, type UserRow } from '../../db/schema/index.ts';

/** An active staff account with a password, by its (lower-case) email. */
export async function findResettableUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, 'active'), inArray(users.userType, ['tanod', 'admin', 'supadmin'])))
    .limit(1);
  return row?.passwordHash ? row : undefined;
}

export async function countResetTokensSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return Number(row?.value ?? 0);
}

export async function insertResetToken(db: Executor, values: { userId: string; tokenHash: string; expiresAt: Date; now: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

/** Uses a live token atomically: only one of two parallel resets wins. */
export async function useResetToken(db: Executor, tokenHash: string, now: Date): Promise<PasswordResetTokenRow | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning();
  return row;
}

export async function findLiveResetToken(db: Executor, tokenHash: string, now: Date): Promise<PasswordResetTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Other links of the user stop working once the password is reset. */
export async function retireResetTokens(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
