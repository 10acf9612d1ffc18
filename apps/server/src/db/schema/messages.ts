import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

/**
 * One conversation per pair of users. The pair is stored canonically (`user_low` is the
 * smaller id) so a unique index makes a second conversation for the same pair impossible.
 *
 * The newest message is copied onto the conversation (`last_message_*`) in the sending
 * transaction, so the panel's list needs no per-row lookup of the latest message.
 */
export const conversations = pgTable(
  'conversations',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `seq` of the newest message; 0 while there is none. */
    lastMessageSeq: bigint('last_message_seq', { mode: 'number' }).notNull().default(0),
    lastMessageContent: text('last_message_content'),
    lastMessageSenderId: uuid('last_message_sender_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The time of the newest message (creation time while there is none): the list's order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.userLow, t.userHigh),
    check('conversations_pair_ordered', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/**
 * Each participant's own state of a conversation. Read state and deletion are positions in the
 * conversation's message sequence rather than times, so they are exact even when two messages
 * share a millisecond.
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Messages with `seq` up to this one have been read by this participant. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** Set while the conversation is hidden for this participant (deleted); a new message clears it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Messages with `seq` up to this one were deleted for this participant and are not shown again. */
    clearedSeq: bigint('cleared_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // The panel's list: one user's conversations.
    index('conversation_participants_user_idx').on(t.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Order of the messages. Taken while the conversation row is locked, so within a conversation
     * it follows the commit order and pages and read positions never skip a message.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sender's own id for the message: a repeated send with it is stored once. */
    clientId: text('client_id'),
  },
  (t) => [
    // Newest-first pages of one conversation, and the unread check (messages after a position).
    uniqueIndex('messages_conversation_seq_key').on(t.conversationId, t.seq),
    uniqueIndex('messages_sender_client_id_key').on(t.senderId, t.clientId),
    check('messages_content_length', sql`char_length(${t.content}) between 1 and 2000`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationParticipantRow = typeof conversationParticipants.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
