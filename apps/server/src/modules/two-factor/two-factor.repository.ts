import { and, count, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { twoFactorCodes, type TwoFactorCodeRow } from '../../db/schema/index.ts';

type Purpose = TwoFactorCodeRow['purpose'];

export async function insertCode(
  db: Executor,
  values: { userId: string; purpose: Purpose; phoneNumber: string; codeHash: string; sentAt: Date; expiresAt: Date },
): Promise<TwoFactorCodeRow> {
  const [row] = await db
    .insert(twoFactorCodes)
    .values({ ...values, createdAt: values.sentAt })
    .returning();
  return row!;
}

export async function deleteCode(db: Executor, id: string): Promise<void> {
  await db.delete(twoFactorCodes).where(eq(twoFactorCodes.id, id));
}

export async function findCode(db: Executor, id: string): Promise<TwoFactorCodeRow | undefined> {
  const [row] = await db.select().from(twoFactorCodes).where(eq(twoFactorCodes.id, id)).limit(1);
  return row;
}

/** The user's most recent code of a purpose, used or not (for the resend cooldown). */
export async function findLatestCode(db: Executor, userId: string, purpose: Purpose): Promise<TwoFactorCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorCodes)
    .where(and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose)))
    .orderBy(desc(twoFactorCodes.sentAt))
    .limit(1);
  return row;
}

export async function countCodesSince(db: Executor, userId: string, purpose: Purpose, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(twoFactorCodes)
    .where(and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose), gt(twoFactorCodes.createdAt, since)));
  return Number(row?.value ?? 0);
}

/** A new code makes the user's earlier ones of that purpose useless. */
export async function supersedeCodes(db: Executor, userId: string, purpose: Purpose, now: Date): Promise<void> {
  await db
    .update(twoFactorCodes)
    .set({ consumedAt: now })
    .where(and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose), isNull(twoFactorCodes.consumedAt)));
}

/**
 * Spends one attempt atomically, before the code is compared, so parallel guesses cannot exceed
 * the limit. Returns the row with the new count, or undefined when the code is used, expired or
 * out of attempts.
 */
export async function spendAttempt(db: Executor, id: string, now: Date, maxAttempts: number): Promise<TwoFactorCodeRow | undefined> {
  const [row] = await db
    .update(twoFactorCodes)
    .set({ attempts: sql`${twoFactorCodes.attempts} + 1` })
    .where(
      and(
        eq(twoFactorCodes.id, id),
        isNull(twoFactorCodes.consumedAt),
        gt(twoFactorCodes.expiresAt, now),
        lt(twoFactorCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorCodes)
    .set({ consumedAt: now })
    .where(and(eq(twoFactorCodes.id, id), isNull(twoFactorCodes.consumedAt)))
    .returning({ id: twoFactorCodes.id });
  return rows.length === 1;
}

/** A resend: a new code in the same challenge, with fresh attempts and expiry. */
export async function replaceCode(
  db: Executor,
  id: string,
  values: { codeHash: string; sentAt: Date; expiresAt: Date },
  /** The previous send must be at least this old: two parallel resends cannot both pass. */
  previousSentBefore: Date,
): Promise<TwoFactorCodeRow | undefined> {
  const [row] = await db
    .update(twoFactorCodes)
    .set({ ...values, attempts: 0, sendCount: sql`${twoFactorCodes.sendCount} + 1` })
    .where(and(eq(twoFactorCodes.id, id), isNull(twoFactorCodes.consumedAt), lte(twoFactorCodes.sentAt, previousSentBefore)))
    .returning();
  return row;
}
