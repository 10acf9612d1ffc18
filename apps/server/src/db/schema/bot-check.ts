import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Bot-check solutions already accepted, kept until their challenge expires so a solved
 * ALTCHA payload works once, on every instance that shares the database.
 */
export const botCheckSolutions = pgTable(
  'bot_check_solutions',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bot_check_solutions_expires_idx').on(t.expiresAt)],
);
