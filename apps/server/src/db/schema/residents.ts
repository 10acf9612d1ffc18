import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/**
 * SMS codes proving a mobile number before a resident account exists. Same rules as the
 * 2FA codes (lib/one-time-code.ts), keyed by the number instead of a user.
 */
export const phoneVerificationCodes = pgTable(
  'phone_verification_codes',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164. */
    phoneNumber: text('phone_number').notNull(),
    /** argon2id of the code. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Used, superseded by a newer code, or out of attempts. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_verification_codes_phone_idx').on(t.phoneNumber, t.createdAt)],
);
export type PhoneVerificationCodeRow = typeof phoneVerificationCodes.$inferSelect;

/** Reset-PIN links (docs/product.md §4.1): single use, 1 hour, only the sha256 of the token is kept. */
export const pinResetTokens = pgTable(
  'pin_reset_tokens',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pin_reset_tokens_hash_key').on(t.tokenHash), index('pin_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);
export type PinResetTokenRow = typeof pinResetTokens.$inferSelect;
