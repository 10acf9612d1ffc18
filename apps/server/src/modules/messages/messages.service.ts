import { msg } from '@lingui/core/macro';
import {
  MESSAGE_LIMITS,
  canMessage,
  isStaff,
  messageableTypes,
  type Conversation,
  type Message,
  type MessageListQuery,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { MessageRow } from '../../db/schema/index.ts';
import { inTransaction, type Executor } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import type { Actor } from '../../http/actor.ts';
import { findUserById } from '../users/index.ts';
import {
  deleteConversationFor,
  findConversationByPair,
  findMessageByClientId,
  findConversationFor,
  findUsersByIds,
  hasUnreadMessages,
  insertConversationIfAbsent,
  insertMessage,
  listMessagesOf,
  listParticipants,
  listConversationRowsOf,
  markConversationReadFor,
  unhideConversationFor,
  type ConversationView,
  type InsertedMessage,
  type Recipient,
} from './messages.repository.ts';
import { presentConversation, presentConversationRow, presentMessage } from './messages.presenter.ts';
import { pushChatMessage } from '../push/index.ts';
import { conversationLinks } from '../notifications/index.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'deliveries'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);

const conversationNotFound = () => notFound(msg`Conversation not found`);

/**
 * May `sender` write to `recipient` now? The brief's pairs (canMessage), and only to an active
 * account. Returns the refusal to throw, or null.
 */
function recipientRefusal(sender: Pick<Actor, 'id' | 'userType'>, recipient: Recipient): AppError | null {
  if (recipient.status !== 'active') return forbidden(msg`This user can no longer receive messages`);
  if (!canMessage({ id: sender.id, userType: sender.userType }, { id: recipient.id, userType: recipient.userType })) {
    return forbidden(msg`You cannot send messages to this user`);
  }
  return null;
}

/** The conversation as the actor sees it; 404 for an unknown id and for someone else's conversation alike. */
async function conversationOf(db: Executor, actor: Actor, conversationId: string): Promise<ConversationView> {
  const view = isUuid(conversationId) ? await findConversationFor(db, conversationId.toLowerCase(), actor.id) : undefined;
  if (!view) throw conversationNotFound();
  return view;
}

async function present(db: Executor, views: ConversationView[]): Promise<Conversation[]> {
  const users = await findUsersByIds(
    db,
    views.flatMap((v) => [v.userLow, v.userHigh]),
  );
  const byId = new Map(users.map((u) => [u.id, u]));
  return views.map((view) => presentConversation(view, byId));
}

/** `GET /api/messages/unread`: the top bar's dot, asked by every staff page. */
export async function hasUnreadMessagesOf(
  deps: Pick<AppDeps, 'db' | 'clock' | 'readCache'>,
  actor: Actor,
): Promise<{ hasUnread: boolean }> {
  return deps.readCache.get('unreadMessages', actor.id, deps.clock.now(), async () => ({
    value: { hasUnread: await hasUnreadMessages(deps.db, actor.id) },
    dependsOn: [actor.id],
  }));
}

/** `GET /api/messages/conversations`: visible conversations, most recent first. */
export async function listMyConversations(
  deps: Pick<AppDeps, 'db' | 'clock' | 'readCache'>,
  actor: Actor,
): Promise<Conversation[]> {
  return deps.readCache.get('conversations', actor.id, deps.clock.now(), async () => {
    const rows = await listConversationRowsOf(deps.db, actor.id, MESSAGE_LIMITS.conversationsMax);
    const conversations = rows.map(presentConversationRow);
    // The list shows the other participants' names, pictures and presence too.
    const dependsOn = new Set([actor.id]);
    for (const conversation of conversations) for (const participant of conversation.participants) dependsOn.add(participant._id);
    return { value: conversations, dependsOn: [...dependsOn] };
  });
}

/**
 * `POST /api/messages/conversations`: the pair's conversation, created when absent and shown
 * again to the caller when they had deleted it.
 */
export async function startConversation(deps: Deps, actor: Actor, participantId: string): Promise<Conversation> {
  const recipient = isUuid(participantId) ? await findUserById(deps.db, participantId.toLowerCase()) : undefined;
  // Residents are not chat partners at all: they answer like an unknown id.
  if (!recipient || !isStaff(recipient.userType)) throw notFound(msg`User not found`);
  const refusal = recipientRefusal(actor, recipient);
  if (refusal) throw refusal;

  const conversationId = await inTransaction(deps.db, async (tx) => {
    const created = await insertConversationIfAbsent(tx, actor.id, recipient.id, deps.clock.now());
    if (created) return created.id;
    const existing = await findConversationByPair(tx, actor.id, recipient.id);
    if (!existing) throw new Error('startConversation: the pair has no conversation after a conflicting insert');
    await unhideConversationFor(tx, existing.id, actor.id);
    return existing.id;
  });
  deps.events.publish('users.changed', { userIds: [actor.id, recipient.id] });
  const view = await conversationOf(deps.db, actor, conversationId);
  const [conversation] = await present(deps.db, [view]);
  return conversation!;
}

/**
 * `GET /api/messages/conversations/{id}/messages`: the newest page first; within a page, oldest
 * first. Messages the caller deleted are not shown.
 */
export async function listConversationMessages(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  conversationId: string,
  query: MessageListQuery,
): Promise<{ messages: Message[]; nextCursor: string | null }> {
  const view = await conversationOf(deps.db, actor, conversationId);
  const beforeSeq = query.before === undefined ? undefined : decodeCursor(query.before);
  const [rows, participants] = await Promise.all([
    listMessagesOf(deps.db, view.id, { afterSeq: view.me.clearedSeq, beforeSeq, limit: query.limit + 1 }),
    listParticipants(deps.db, view.id),
  ]);
  // One extra row tells whether an older page exists.
  const page = rows.slice(0, query.limit);
  const oldest = page.at(-1);
  const nextCursor = rows.length > query.limit && oldest ? encodeCursor(oldest.seq) : null;
  return { messages: page.reverse().map((row) => presentMessage(row, participants)), nextCursor };
}

/**
 * `POST /api/messages`: stores the message and, after commit, pushes it to both participants.
 * A participant who had deleted the conversation sees it again.
 */
export async function sendMessage(
  deps: Deps,
  actor: Actor,
  input: { conversationId: string; content: string; clientId?: string | undefined },
): Promise<Message> {
  const content = input.content.trim();
  if (!content || content.length > MESSAGE_LIMITS.contentMaxLength) {
    const max = MESSAGE_LIMITS.contentMaxLength;
    const [text, message] = content
      ? [msg`content: is longer than ${max} characters`, msg`is longer than ${max} characters`]
      : [msg`content: cannot be blank`, msg`cannot be blank`];
    throw new AppError('VALIDATION_FAILED', text, { fields: [{ field: 'content', message }] });
  }
  const clientId = input.clientId ?? null;
  const conversationId = input.conversationId.toLowerCase();
  // A repeat of a send whose answer was lost: the stored message, and no second event.
  const repeat = clientId ? await findMessageByClientId(deps.db, actor.id, clientId) : undefined;
  if (repeat) return presentRepeat(deps, repeat, conversationId);

  if (!isUuid(input.conversationId)) throw conversationNotFound();

  let sent: InsertedMessage;
  try {
    // One statement, so no transaction around it: once it answers, the message is committed. It
    // also finds the recipient and stores nothing for one the sender may not write to.
    const values = { conversationId, senderId: actor.id, content, createdAt: deps.clock.now(), clientId };
    sent = await insertMessage(deps.db, values, messageableTypes(actor.userType));
  } catch (error) {
    // Two copies of one send raced each other: the one that lost returns the winner's message.
    const winner = clientId && uniqueViolation(error) === 'messages_sender_client_id_key' ? await findMessageByClientId(deps.db, actor.id, clientId) : undefined;
    if (winner) return presentRepeat(deps, winner, conversationId);
    throw error;
  }
  const { recipient, row } = sent;
  if (!recipient) throw conversationNotFound();
  const refusal = recipientRefusal(actor, recipient);
  if (refusal) throw refusal;
  // No refusal, yet nothing stored: the conversation went away in between.
  if (!row) throw conversationNotFound();
  // A new message is unread by definition: its recipient cannot have read past it yet.
  const message: Message = presentMessage(row, []);
  deps.events.publish('message.sent', { message, participantIds: [actor.id, recipient.id] });
  // A recipient with no open socket would not see it until they open Bantay: their subscribed
  // browsers are told. The send statement already answered whether there is anyone to push to, so
  // everyone else costs no further statement.
  if (recipient.offlineWithPush) {
    await pushChatMessage(deps, {
      senderId: actor.id,
      recipientId: recipient.id,
      conversationId: row.conversationId,
      content,
      at: row.createdAt,
      urls: conversationLinks(row.conversationId),
    });
  }
  return message;
}

async function presentRepeat(deps: Deps, row: MessageRow, conversationId: string): Promise<Message> {
  if (row.conversationId !== conversationId) {
    throw new AppError('CONFLICT', msg`clientId: is already used for another message`, {
      fields: [{ field: 'clientId', message: msg`is already used for another message` }],
    });
  }
  return presentMessage(row, await listParticipants(deps.db, row.conversationId));
}

/**
 * `POST /api/messages/conversations/{id}/read`: everything so far is read by the caller. The other
 * participant gets a read receipt when this read anything new.
 */
export async function markConversationRead(deps: Deps, actor: Actor, conversationId: string): Promise<{ readAt: Date }> {
  const view = await conversationOf(deps.db, actor, conversationId);
  const otherUserId = view.userLow === actor.id ? view.userHigh : view.userLow;
  const at = deps.clock.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const moved = await markConversationReadFor(tx, view.id, actor.id, at);
    if (!moved) throw conversationNotFound();
    if (moved.after > moved.before) {
      afterCommit(() => deps.events.publish('conversation.read', { conversationId: view.id, userId: actor.id, otherUserId, at }));
    }
  });
  return { readAt: at };
}

/** `DELETE /api/messages/conversations/{id}`: hidden for the caller only. */
export async function deleteConversation(deps: Deps, actor: Actor, conversationId: string): Promise<void> {
  const view = await conversationOf(deps.db, actor, conversationId);
  const deleted = await deleteConversationFor(deps.db, view.id, actor.id, deps.clock.now());
  if (!deleted) throw conversationNotFound();
  deps.events.publish('users.changed', { userIds: [actor.id] });
}

/** Whether the user takes part in the conversation (socket room checks). */
export async function isParticipant(deps: Pick<AppDeps, 'db'>, userId: string, conversationId: string): Promise<boolean> {
  if (!isUuid(conversationId)) return false;
  return (await findConversationFor(deps.db, conversationId.toLowerCase(), userId)) !== undefined;
}

/** The cursor is opaque to clients: the oldest message's position, base64url-encoded. */
function encodeCursor(seq: number): string {
  return Buffer.from(`m${seq}`).toString('base64url');
}

function decodeCursor(value: string): number {
  const match = /^m(\d{1,15})$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match) {
    throw new AppError('VALIDATION_FAILED', msg`before: is not a valid cursor`, {
      fields: [{ field: 'before', message: msg`is not a valid cursor` }],
    });
  }
  return Number(match[1]);
}
