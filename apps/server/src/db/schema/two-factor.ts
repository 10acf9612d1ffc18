import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/** enable: proving a number before turning 2FA on; login: the second step of a sign-in. */
export const twoFactorPurposeEnum = pgEnum('two_factor_purpose', ['enable', 'login']);

/**
 * One-time SMS codes. A row is one code send; for a sign-in it is also the challenge
 * (its id is the `challengeId`) and a resend replaces the code in place.
 */
export const twoFactorCodes = pgTable(
  'two_factor_codes',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: twoFactorPurposeEnum('purpose').notNull(),
    /** E.164; the code is valid for this number only. */
    phoneNumber: text('phone_number').notNull(),
    /** argon2id of the code: a leaked table does not give live codes away. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sendCount: integer('send_count').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Used, superseded by a newer code, or out of attempts. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_codes_user_idx').on(t.userId, t.purpose, t.createdAt)],
);

export type TwoFactorCodeRow = typeof twoFactorCodes.$inferSelect;
