import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/**
 * Keys other systems call the API with (docs/decisions/034-the-integration-kit.md). Only the
 * SHA-256 of the key is kept; `hint` is its first characters, to tell keys apart in the list.
 * A revoked key keeps its row for the audit log.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole key, `bty_` included. */
    keyHash: text('key_hash').notNull(),
    hint: text('hint').notNull(),
    /** The scopes of packages/shared api-keys.ts, as given at creation. */
    scopes: text('scopes').array().notNull(),
    /** The supadmin who made it: the key acts as this account, and only while it is an active supadmin. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute, and when the address changes (api-keys.service.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_created_at_idx').on(t.createdAt)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
