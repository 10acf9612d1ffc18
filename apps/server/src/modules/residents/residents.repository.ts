import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import {
  phoneVerificationCodes,
  pinResetTokens,
  users,
  type PhoneVerificationCodeRow,
  type PinResetTokenRow,
  type UserRow,
} from '../../db/schema/index.ts';

// --- Residents -------------------------------------------------------------------------------

/** A resident by mobile number (E.164), whatever the status. */
export async function findResidentByPhone(db: Executor, phoneNumber: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.userType, 'resident')))
    .limit(1);
  return row;
}

/** An active resident by (lower-case) email. */
export async function findActiveResidentByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.userType, 'resident'), eq(users.status, 'active')))
    .limit(1);
  return row;
}

export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return Boolean(row);
}

// --- Sign-up codes ---------------------------------------------------------------------------

export async function insertPhoneCode(
  db: Executor,
  values: { phoneNumber: string; codeHash: string; sentAt: Date; expiresAt: Date },
): Promise<PhoneVerificationCodeRow> {
  const [row] = await db
    .insert(phoneVerificationCodes)
    .values({ ...values, createdAt: values.sentAt })
    .returning();
  return row!;
}

export async function deletePhoneCode(db: Executor, id: string): Promise<void> {
  await db.delete(phoneVerificationCodes).where(eq(phoneVerificationCodes.id, id));
}

export async function findLatestPhoneCode(db: Executor, phoneNumber: string): Promise<PhoneVerificationCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneVerificationCodes)
    .where(eq(phoneVerificationCodes.phoneNumber, phoneNumber))
    .orderBy(desc(phoneVerificationCodes.sentAt))
    .limit(1);
  return row;
}

export async function countPhoneCodesSince(db: Executor, phoneNumber: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(phoneVerificationCodes)
    .where(and(eq(phoneVerificationCodes.phoneNumber, phoneNumber), gt(phoneVerificationCodes.createdAt, since)));
  return Number(row?.value ?? 0);
}

/** A new code makes the number's earlier ones useless. */
export async function supersedePhoneCodes(db: Executor, phoneNumber: string, now: Date): Promise<void> {
  await db
    .update(phoneVerificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(phoneVerificationCodes.phoneNumber, phoneNumber), isNull(phoneVerificationCodes.consumedAt)));
}

export async function spendPhoneCodeAttempt(
  db: Executor,
  id: string,
  now: Date,
  maxAttempts: number,
): Promise<PhoneVerificationCodeRow | undefined> {
  const [row] = await db
    .update(phoneVerificationCodes)
    .set({ attempts: sql`${phoneVerificationCodes.attempts} + 1` })
    .where(
      and(
        eq(phoneVerificationCodes.id, id),
        isNull(phoneVerificationCodes.consumedAt),
        gt(phoneVerificationCodes.expiresAt, now),
        lt(phoneVerificationCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

export async function consumePhoneCode(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(phoneVerificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(phoneVerificationCodes.id, id), isNull(phoneVerificationCodes.consumedAt)))
    .returning({ id: phoneVerificationCodes.id });
  return rows.length === 1;
}

// --- Reset-PIN links -------------------------------------------------------------------------

export async function countPinResetTokensSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pinResetTokens)
    .where(and(eq(pinResetTokens.userId, userId), gt(pinResetTokens.createdAt, since)));
  return Number(row?.value ?? 0);
}

export async function insertPinResetToken(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(pinResetTokens).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

export async function findLivePinResetToken(db: Executor, tokenHash: string, now: Date): Promise<PinResetTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(pinResetTokens)
    .where(and(eq(pinResetTokens.tokenHash, tokenHash), isNull(pinResetTokens.usedAt), gt(pinResetTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Uses a live token atomically: only one of two parallel resets wins. */
export async function usePinResetToken(db: Executor, tokenHash: string, now: Date): Promise<PinResetTokenRow | undefined> {
  const [row] = await db
    .update(pinResetTokens)
    .set({ usedAt: now })
    .where(and(eq(pinResetTokens.tokenHash, tokenHash), isNull(pinResetTokens.usedAt), gt(pinResetTokens.expiresAt, now)))
    .returning();
  return row;
}

/** The resident's other links stop working once the PIN is reset. */
export async function retirePinResetTokens(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(pinResetTokens)
    .set({ usedAt: now })
    .where(and(eq(pinResetTokens.userId, userId), isNull(pinResetTokens.usedAt)));
}
