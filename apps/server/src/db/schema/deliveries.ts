import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './users.ts';
import { barangayColumn } from './barangays.ts';

export const deliveryChannelEnum = pgEnum('delivery_channel', ['push', 'sms', 'email', 'webhook']);
/** `withheld`: decided at send time not to go (a webhook's case became confidential, its webhook was turned off). */
export const deliveryStatusEnum = pgEnum('delivery_status', ['pending', 'sending', 'sent', 'failed', 'withheld']);

/**
 * Every outbound alert (web push, SMS, email), written in the transaction of the change that
 * causes it and sent after commit by the delivery worker (modules/deliveries, decision 016). A row
 * is the durable promise that the message goes out: a crash between commit and send leaves it
 * `pending` (or `sending` with a lapsed claim) and the next worker sends it.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    channel: deliveryChannelEnum('channel').notNull(),
    /** Who it is for, when it is for an account; null for a reporter known only by phone. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Where it goes: a phone number (E.164) for SMS, an address for email, the push
     * subscription's id for push (the endpoint and keys are read at send time, so a subscription
     * removed in between is never posted to).
     */
    target: text('target').notNull(),
    /** What the channel sends: `{ text }`, `{ subject, text }` or the push payload. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /**
     * At most one delivery per key, ever: `sms-alert:<incident>:<level>:<user>` keeps an incident's
     * SMS to one person to one per escalation level even when two instances raise it.
     */
    dedupeKey: text('dedupe_key'),
    /** Why it was sent, for the supadmin's list: `incident.emergency_reported`, `ticket.resolved`, … */
    kind: text('kind').notNull(),
    status: deliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next try may start: now, after a backoff, or after the recipient's quiet hours. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A `sending` row whose claim has lapsed belongs to a worker that died: it is taken again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The HTTP status of the last try's answer, when the channel reports one (webhooks). */
    lastStatusCode: integer('last_status_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deliveries_dedupe_key').on(t.dedupeKey),
    // The worker's queue: only rows still to send are in this index.
    index('deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    // The supadmin's list of failures, newest first.
    index('deliveries_failed_idx').on(t.createdAt.desc()).where(sql`${t.status} = 'failed'`),
    // A webhook's delivery log, newest first. Not partial on the channel: the migration that adds
    // the enum's 'webhook' value runs in one transaction with it, where the new value cannot be
    // used, and a cast to text is not immutable enough for an index predicate.
    index('deliveries_webhook_log_idx').on(t.target, t.createdAt.desc()),
  ],
);
export type DeliveryRow = typeof deliveries.$inferSelect;
export type NewDeliveryRow = typeof deliveries.$inferInsert;

/**
 * A browser's Web Push subscription (RFC 8030), one row per endpoint. It belongs to the sign-in
 * that turned it on, not only to the person: it ends with that session (decision 017).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session whose token registered it. Sessions are ended by a flag or by time, not deleted:
     * whatever ends one also deletes its subscriptions in the same transaction, and a send checks
     * the session is still live. The cascade covers the rows that are deleted (an account's).
     */
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's keys (base64url), used to encrypt each payload for it (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A browser that subscribes again (or for another user after a sign-out) replaces its row.
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** What a person wants pushed to them, and when not (emergencies and escalations always go). */
export const alertPreferences = pgTable('alert_preferences', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Kinds of alert switched off, e.g. `chat`, `schedule`. */
  mutedKinds: text('muted_kinds').array().notNull().default(sql`'{}'::text[]`),
  /** Quiet hours, `HH:MM` in the barangay's time zone; both null when off. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AlertPreferencesRow = typeof alertPreferences.$inferSelect;
