import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import type { Executor } from '../../db/transaction.ts';
import {
  conversationParticipants,
  conversations,
  messages,
  pushSubscriptions,
  users,
  type ConversationParticipantRow,
  type ConversationRow,
  type MessageRow,
  type UserRow,
} from '../../db/schema/index.ts';

/** The canonical order of a pair: the smaller id first (uuids compare as their hex text). */
function orderedPair(a: string, b: string): [string, string] {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? [x, y] : [y, x];
}

/** A conversation as one participant sees it: the shared row plus their own state. */
export interface ConversationView extends ConversationRow {
  me: ConversationParticipantRow;
  /** True when the other participant sent a message this participant has not read (and not deleted). */
  hasUnread: boolean;
}

/** Whether `userId` has an unread message from the other participant in the conversation `c` with participant row `p`. */
const unreadExpr = (userId: string) => sql<boolean>`exists (
  select 1 from ${messages} m
  where m.conversation_id = ${conversations.id}
    and m.sender_id <> ${userId}::uuid
    and m.seq > greatest(${conversationParticipants.lastReadSeq}, ${conversationParticipants.clearedSeq})
)`;

const viewColumns = (userId: string) => ({
  conversation: conversations,
  me: conversationParticipants,
  hasUnread: unreadExpr(userId),
});

function toView(row: { conversation: ConversationRow; me: ConversationParticipantRow; hasUnread: boolean }): ConversationView {
  return { ...row.conversation, me: row.me, hasUnread: Boolean(row.hasUnread) };
}

/** The conversation as `userId` sees it, or undefined when they are not a participant (or it does not exist). */
export async function findConversationFor(db: Executor, conversationId: string, userId: string): Promise<ConversationView | undefined> {
  const [row] = await db
    .select(viewColumns(userId))
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)))
    .limit(1);
  return row ? toView(row) : undefined;
}

/** The columns of a user that a conversation shows (`UserSummary`), not the whole row. */
type ConversationUser = Pick<
  UserRow,
  'id' | 'firstName' | 'lastName' | 'userType' | 'profilePicture' | 'isOnline' | 'lastActive'
>;

/** A row of the conversation list: what the list shows and nothing more, both participants joined in. */
export interface ConversationListRow {
  id: string;
  lastMessageSeq: number;
  lastMessageContent: string | null;
  lastMessageSenderId: string | null;
  createdAt: Date;
  updatedAt: Date;
  clearedSeq: number;
  hasUnread: boolean;
  low: ConversationUser;
  high: ConversationUser;
}

const userLow = alias(users, 'user_low');
const userHigh = alias(users, 'user_high');
const summaryColumns = (u: typeof userLow | typeof userHigh) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  userType: u.userType,
  profilePicture: u.profilePicture,
  isOnline: u.isOnline,
  lastActive: u.lastActive,
});

// The panel's list on every open: one prepared statement that joins both participants' summary
// columns (was the list, then a second query for the participants' full user rows).
const visibleConversationsQuery = preparedPerDatabase((db: Db) =>
  db
    .select({
      id: conversations.id,
      lastMessageSeq: conversations.lastMessageSeq,
      lastMessageContent: conversations.lastMessageContent,
      lastMessageSenderId: conversations.lastMessageSenderId,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
      clearedSeq: conversationParticipants.clearedSeq,
      hasUnread: sql<boolean>`exists (
        select 1 from ${messages} m
        where m.conversation_id = ${conversations.id}
          and m.sender_id <> ${sql.placeholder('userId')}::uuid
          and m.seq > greatest(${conversationParticipants.lastReadSeq}, ${conversationParticipants.clearedSeq})
      )`,
      low: summaryColumns(userLow),
      high: summaryColumns(userHigh),
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .innerJoin(userLow, eq(userLow.id, conversations.userLow))
    .innerJoin(userHigh, eq(userHigh.id, conversations.userHigh))
    .where(and(eq(conversationParticipants.userId, sql.placeholder('userId')), isNull(conversationParticipants.deletedAt)))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(sql.placeholder('limit'))
    .prepare('list_visible_conversations'),
);

/** The user's visible (not deleted) conversations, most recently active first, with both participants. */
export async function listConversationRowsOf(db: Db, userId: string, limit: number): Promise<ConversationListRow[]> {
  const rows = await visibleConversationsQuery(db).execute({ userId, limit });
  return rows.map((row) => ({ ...row, hasUnread: Boolean(row.hasUnread) }));
}

/** The top bar's red dot: any visible conversation with a message from the other side not yet read. */
export async function hasUnreadMessages(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(conversationParticipants)
    .innerJoin(messages, eq(messages.conversationId, conversationParticipants.conversationId))
    .where(
      and(
        eq(conversationParticipants.userId, userId),
        isNull(conversationParticipants.deletedAt),
        sql`${messages.senderId} <> ${userId}::uuid`,
        sql`${messages.seq} > greatest(${conversationParticipants.lastReadSeq}, ${conversationParticipants.clearedSeq})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findConversationByPair(db: Executor, a: string, b: string): Promise<ConversationRow | undefined> {
  const [low, high] = orderedPair(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLow, low), eq(conversations.userHigh, high)))
    .limit(1);
  return row;
}

/**
 * Creates the pair's conversation unless it exists (a concurrent create of the same pair loses
 * quietly on the unique index). The creator sees it at once; the other participant only once a
 * message arrives, so an abandoned "new chat" never shows up in their list.
 */
export async function insertConversationIfAbsent(
  db: Executor,
  creatorId: string,
  otherId: string,
  now: Date,
): Promise<ConversationRow | undefined> {
  const [low, high] = orderedPair(creatorId, otherId);
  const [row] = await db
    .insert(conversations)
    .values({ userLow: low, userHigh: high, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [conversations.userLow, conversations.userHigh] })
    .returning();
  if (!row) return undefined;
  await db.insert(conversationParticipants).values([
    { conversationId: row.id, userId: creatorId, deletedAt: null },
    { conversationId: row.id, userId: otherId, deletedAt: now },
  ]);
  return row;
}

/** Shows the conversation again to one participant (their cleared history stays cleared). */
export async function unhideConversationFor(db: Executor, conversationId: string, userId: string): Promise<void> {
  await db
    .update(conversationParticipants)
    .set({ deletedAt: null })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)));
}

/** Both participants' rows of a conversation. */
export async function listParticipants(db: Executor, conversationId: string): Promise<ConversationParticipantRow[]> {
  return db.select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, conversationId));
}

export async function findUsersByIds(db: Executor, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, [...new Set(ids)]));
}

/** The other participant of a conversation, as a send sees them. */
export type Recipient = Pick<UserRow, 'id' | 'userType' | 'status'> & {
  /**
   * No open socket (`is_online`, realtime/presence.ts) and at least one browser subscribed to
   * push: the message is pushed to them (decision 017).
   */
  offlineWithPush?: boolean;
};

export interface InsertedMessage {
  /** The sender's partner in the conversation; undefined when the sender is not a participant (or there is no such conversation). */
  recipient: Recipient | undefined;
  /** Undefined when nothing was stored: no conversation, or a recipient outside `recipientTypes` or not active. */
  row: MessageRow | undefined;
}

/**
 * Stores a message from one participant to the other, makes it the conversation's newest, and
 * brings the conversation back for a participant who had deleted it: one statement (on the
 * embedded database every statement costs, on PostgreSQL every round trip), which also answers
 * who the recipient is. With `recipientTypes`, the message is stored only for an active
 * recipient of one of those types; the caller explains a refusal from the returned recipient.
 *
 * The message's `seq` is drawn by the UPDATE of the conversation row: PostgreSQL re-evaluates it
 * after waiting for a concurrent sender's row lock, so within a conversation the sequence follows
 * the commit order and read positions never skip a message.
 */
export async function insertMessage(
  db: Executor,
  values: { conversationId: string; senderId: string; content: string; createdAt: Date; clientId?: string | null },
  recipientTypes?: readonly UserRow['userType'][],
): Promise<InsertedMessage> {
  const at = values.createdAt.toISOString();
  const allowed = recipientTypes
    ? sql`recipient.status = 'active' and recipient.user_type::text in (${sql.join(
        recipientTypes.length > 0 ? recipientTypes.map((type) => sql`${type}`) : [sql`null`],
        sql`, `,
      )})`
    : sql`true`;
  const result = await db.execute(sql`
    with recipient as (
      select u.id, u.user_type, u.status,
        case when u.is_online then false else exists (select 1 from ${pushSubscriptions} s where s.user_id = u.id) end as offline_with_push
      from ${conversationParticipants} p
      join ${conversations} conv on conv.id = p.conversation_id
      join ${users} u on u.id = case when conv.user_low = ${values.senderId}::uuid then conv.user_high else conv.user_low end
      where p.conversation_id = ${values.conversationId}::uuid and p.user_id = ${values.senderId}::uuid
    ),
    c as (
      update ${conversations}
      set last_message_seq = nextval(pg_get_serial_sequence('messages', 'seq')),
          last_message_content = ${values.content},
          last_message_sender_id = ${values.senderId}::uuid,
          updated_at = ${at}::timestamptz
      where id = ${values.conversationId}::uuid and exists (select 1 from recipient where ${allowed})
      returning id, last_message_seq
    ),
    shown as (
      update ${conversationParticipants} set deleted_at = null
      where conversation_id = (select id from c) and deleted_at is not null
    ),
    inserted as (
      insert into ${messages} (seq, conversation_id, sender_id, content, created_at, client_id)
      select c.last_message_seq, c.id, ${values.senderId}::uuid, ${values.content}, ${at}::timestamptz, ${values.clientId ?? null}::text from c
      returning id, barangay_id, seq, conversation_id, sender_id, content, created_at, client_id
    )
    select recipient.id as recipient_id, recipient.user_type as recipient_type, recipient.status as recipient_status, recipient.offline_with_push, inserted.*
    from recipient left join inserted on true
  `);
  // The two drivers shape `execute` results differently, but both carry `rows`.
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) return { recipient: undefined, row: undefined };
  const recipient: Recipient = {
    id: String(row.recipient_id),
    userType: row.recipient_type as Recipient['userType'],
    status: row.recipient_status as Recipient['status'],
    offlineWithPush: row.offline_with_push === true,
  };
  if (row.id === null || row.id === undefined) return { recipient, row: undefined };
  return {
    recipient,
    row: {
      id: String(row.id),
      barangayId: String(row.barangay_id),
      seq: Number(row.seq),
      conversationId: String(row.conversation_id),
      senderId: String(row.sender_id),
      content: String(row.content),
      createdAt: new Date(row.created_at as string | Date),
      clientId: row.client_id === null || row.client_id === undefined ? null : String(row.client_id),
    },
  };
}

/** The message a sender already stored under their own client id (a repeated send), if any. */
export async function findMessageByClientId(db: Executor, senderId: string, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
}

/**
 * A page of a conversation's messages, newest first: those after `afterSeq` (what the reader has
 * not deleted) and, with `beforeSeq`, older than that one.
 */
export async function listMessagesOf(
  db: Executor,
  conversationId: string,
  options: { afterSeq: number; beforeSeq?: number; limit: number },
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.seq, options.afterSeq),
        options.beforeSeq === undefined ? undefined : lt(messages.seq, options.beforeSeq),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(options.limit);
}

/**
 * Marks everything up to the conversation's newest message read for one participant. Returns the
 * participant's previous and new positions, or undefined when they are not a participant.
 */
export async function markConversationReadFor(
  db: Executor,
  conversationId: string,
  userId: string,
  now: Date,
): Promise<{ before: number; after: number } | undefined> {
  const [row] = await db
    .select({ before: conversationParticipants.lastReadSeq, newest: conversations.lastMessageSeq })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)))
    .for('update', { of: conversationParticipants })
    .limit(1);
  if (!row) return undefined;
  const after = Math.max(row.before, row.newest);
  await db
    .update(conversationParticipants)
    .set({ lastReadSeq: after, lastReadAt: now })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)));
  return { before: row.before, after };
}

/** Hides the conversation and its history so far for one participant. False when not a participant. */
export async function deleteConversationFor(db: Executor, conversationId: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(conversationParticipants)
    .set({
      deletedAt: now,
      clearedSeq: sql`(select ${conversations.lastMessageSeq} from ${conversations} where ${conversations.id} = ${conversationId}::uuid)`,
    })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)))
    .returning({ userId: conversationParticipants.userId });
  return rows.length > 0;
}

/** How many messages a conversation holds (demo data is only added to empty ones). */
export async function countMessagesOf(db: Executor, conversationId: string): Promise<number> {
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(messages).where(eq(messages.conversationId, conversationId));
  return Number(row?.value ?? 0);
}

