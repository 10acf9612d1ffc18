import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SMS_MESSAGE_DIRECTIONS, SMS_MESSAGE_KINDS, SMS_THREAD_STATUSES } from '@bantay/shared';
import { users } from './users.ts';
import { incidents } from './incidents.ts';
import { barangayColumn } from './barangays.ts';

/**
 * The text line (docs/decisions/032-the-text-line.md): what the barangay's phone receives and
 * what Bantay answers through it.
 */

export const smsThreadStatusEnum = pgEnum('sms_thread_status', SMS_THREAD_STATUSES);
export const smsMessageKindEnum = pgEnum('sms_message_kind', SMS_MESSAGE_KINDS);
export const smsMessageDirectionEnum = pgEnum('sms_message_direction', SMS_MESSAGE_DIRECTIONS);

/**
 * One row per number that ever texted or called (E.164). Every inbound event locks its row
 * (`for update`) in its transaction, so one number's events are decided one at a time on every
 * instance: the 10-minute dedupe, the single acknowledgement and the hourly cap hold without races.
 */
export const smsNumbers = pgTable('sms_numbers', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  phoneNumber: text('phone_number').primaryKey(),
  /** On the block list since then: its texts are dropped. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  blockedById: uuid('blocked_by_id').references(() => users.id, { onDelete: 'set null' }),
  /** Texted STOP or HINTO: nothing is sent to the number until it texts START or SIMULA. */
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
  /** The last acknowledgement an unknown number got ("Natanggap…"): at most one per 10 minutes. */
  lastAckAt: timestamp('last_ack_at', { withTimezone: true }),
  /** Texts dropped because the number is blocked. */
  droppedCount: integer('dropped_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type SmsNumberRow = typeof smsNumbers.$inferSelect;

/** A run of messages with one number: one open thread per number at most. */
export const smsThreads = pgTable(
  'sms_threads',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    phoneNumber: text('phone_number').notNull(),
    /** The resident account with this number when the thread opened. */
    residentId: uuid('resident_id').references(() => users.id, { onDelete: 'set null' }),
    status: smsThreadStatusEnum('status').notNull().default('open'),
    /** The report made of it. */
    incidentId: uuid('incident_id').references(() => incidents.id),
    hasMissedCall: boolean('has_missed_call').notNull().default(false),
    /** Texts and calls received, the dropped repeats included. */
    receivedCount: integer('received_count').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedById: uuid('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('sms_threads_one_open_key').on(t.phoneNumber).where(sql`${t.status} = 'open'`),
    index('sms_threads_last_message_idx').on(t.lastMessageAt.desc(), t.id.desc()),
    index('sms_threads_status_last_message_idx').on(t.status, t.lastMessageAt.desc(), t.id.desc()),
    index('sms_threads_phone_idx').on(t.phoneNumber, t.lastMessageAt.desc()),
  ],
);
export type SmsThreadRow = typeof smsThreads.$inferSelect;

export const smsMessages = pgTable(
  'sms_messages',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => smsThreads.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    direction: smsMessageDirectionEnum('direction').notNull(),
    kind: smsMessageKindEnum('kind').notNull().default('text'),
    text: text('text').notNull().default(''),
    /** For texts received: folded case, accents and spaces, the 10-minute dedupe's key. */
    normalizedText: text('normalized_text'),
    /** An admin's reply from the inbox; null for the person's messages and automatic replies. */
    sentById: uuid('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** An automatic reply counted by the per-number hourly cap. */
    automatic: boolean('automatic').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sms_messages_thread_at_idx').on(t.threadId, t.at),
    // The dedupe (texts received) and the hourly cap (automatic replies) read one number's recent rows.
    index('sms_messages_phone_at_idx').on(t.phoneNumber, t.at),
  ],
);
export type SmsMessageRow = typeof smsMessages.$inferSelect;

/** Every gateway event id seen: a second post of one (a retry, a replay) does nothing. */
export const smsInboundEvents = pgTable(
  'sms_inbound_events',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('sms_inbound_events_received_idx').on(t.receivedAt)],
);

/** The phone's health, one row per receiving gateway. */
export const smsGatewayStatus = pgTable('sms_gateway_status', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  provider: text('provider').primaryKey(),
  /** The last signed post of any kind. */
  lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
  lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  /** httpSMS said the phone went offline (`phone.heartbeat.offline`); cleared by the next contact. */
  reportedOfflineAt: timestamp('reported_offline_at', { withTimezone: true }),
  /** When the supadmin was alerted of the current silence; a contact after it ends that silence. */
  silenceAlertedAt: timestamp('silence_alerted_at', { withTimezone: true }),
  /** When the watch first saw this gateway configured: the silence of one never heard from counts from here. */
  watchedSince: timestamp('watched_since', { withTimezone: true }).notNull(),
});
export type SmsGatewayStatusRow = typeof smsGatewayStatus.$inferSelect;
