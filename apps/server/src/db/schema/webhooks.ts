import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/**
 * A supadmin's webhook (modules/webhooks): an HTTPS URL that is sent the events it subscribes to,
 * each as a delivery of the `webhook` channel (decision 016), signed with its secret.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    /** Checked by adapters/public-endpoint-guard.ts when stored and again before every send. */
    url: text('url').notNull(),
    /** Event types, e.g. `incident.reported` (WEBHOOK_EVENTS in @bantay/shared). */
    events: text('events').array().notNull(),
    /**
     * The HMAC-SHA256 key of `X-Bantay-Signature`. Kept as it is, since every send signs with it;
     * the API shows it once, when it is made or rotated, and never lists it.
     */
    secret: text('secret').notNull(),
    /** A turned-off webhook is sent nothing new, and what was waiting for it is withheld. */
    enabled: boolean('enabled').notNull().default(true),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_created_idx').on(t.createdAt)],
);
export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhookRow = typeof webhooks.$inferInsert;
