import { z } from 'zod';
import { userSummarySchema } from './auth.ts';
import type { RealtimeMessage } from './realtime.ts';
import { msg, ph } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/**
 * Staff messaging (docs/product.md §A2–§A7, §1–§3): one conversation per pair of staff users,
 * per-participant read state and per-user deletion. Every call is under `/api/messages`, needs a
 * bearer token (401 without) and is for staff only (residents get 403). Anything about a
 * conversation the caller is not a participant of answers 404, exactly as an unknown id does.
 *
 * Live updates come over the socket (see `realtime.ts`): `messageReceived` reaches both
 * participants' user rooms, `conversation:read` tells the sender their message was read, and
 * `userTyping` the other participant is typing. The 500 ms polling of the brief is only a fallback
 * while the socket is down.
 */

export const MESSAGE_LIMITS = {
  /** docs/product.md §A5: content is trimmed, must not be blank and is at most this long. */
  contentMaxLength: 2000,
  /** `GET …/messages` page size: default and maximum. */
  pageDefault: 50,
  pageMax: 100,
  /** `GET /api/messages/conversations` returns at most this many (most recent first). */
  conversationsMax: 200,
  /** The typing indicator hides this long after the last `userTyping` (docs/product.md §A9). */
  typingIndicatorMs: 3000,
  /** The server forwards at most this many `typing` events per socket per second; the rest are dropped. */
  typingPerSecond: 3,
  /** The brief's polling period, used only while the socket is disconnected (docs/product.md §1). */
  pollingFallbackMs: 500,
} as const;

/** A participant as shown in the panel and the chat dialog header (docs/product.md §A3). */
export const conversationParticipantSchema = userSummarySchema;
export type ConversationParticipant = z.infer<typeof conversationParticipantSchema>;

/**
 * A conversation as the caller sees it (docs/product.md §A3).
 * - `participants`: both users, the caller included (find the other one by `_id`).
 * - `lastMessage` / `lastMessageSender`: the newest message's text and its sender (`{ _id }`), or
 *   null while the conversation has no message yet. Compare `lastMessageSender._id` with your own
 *   id for the 'You: ' prefix.
 * - `read`: false when the other participant sent a message the caller has not read yet (the
 *   panel's unread dot). A conversation without messages, or whose last message is the caller's, is read.
 * - `updatedAt`: the time of the last message (or of creation when none); the list is sorted by it,
 *   most recent first.
 */
export const conversationSchema = z.object({
  _id: z.string(),
  participants: z.array(conversationParticipantSchema),
  lastMessage: z.string().nullable(),
  lastMessageSender: z.object({ _id: z.string() }).nullable(),
  read: z.boolean(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * A message (docs/product.md §A3). `userId` is the sender's id (always a plain string here). `read` is true
 * once the *other* participant (the one who did not send it) has opened the conversation after it
 * was sent: for your own messages it turns the single tick into a double tick; for messages you
 * received it tells whether you have read them.
 */
export const messageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  userId: z.string(),
  content: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  read: z.boolean(),
  /** The sender's own id for the message, present when the sender gave one. */
  clientId: z.string().optional(),
});
export type Message = z.infer<typeof messageSchema>;

// The socket pushes the same shape as the HTTP API (`messageReceived`).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const messageMatchesRealtime: Same<Message, RealtimeMessage> = true;
void messageMatchesRealtime;

export const conversationIdParamsSchema = z.object({ id: z.string().max(100) });

/** `GET /api/messages/unread`: does any visible conversation hold a message the caller has not read (top-bar red dot)? */
export const unreadMessagesResponseSchema = z.object({ hasUnread: z.boolean() });
export type UnreadMessagesResponse = z.infer<typeof unreadMessagesResponseSchema>;

/** `GET /api/messages/conversations`: the caller's conversations (not deleted by them), most recent first. */
export const conversationListResponseSchema = z.object({ conversations: z.array(conversationSchema) });
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

/**
 * `GET /api/messages/conversations/{id}/messages?before=&limit=`.
 * Without `before`, the newest page. Pass the previous response's `nextCursor` as `before` to get
 * the page of older messages. Only messages sent after the caller last deleted the conversation
 * are shown (deleting clears the history for the deleting user).
 */
export const messageListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGE_LIMITS.pageMax).default(MESSAGE_LIMITS.pageDefault),
  /** Opaque cursor from `nextCursor`: returns messages older than it. */
  before: z.string().max(200).optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/**
 * `messages` are in chronological order, **oldest first** within the page (ready to render top to
 * bottom); the first call returns the newest page. `nextCursor` is null when no older message exists.
 */
export const messageListResponseSchema = z.object({
  messages: z.array(messageSchema),
  nextCursor: z.string().nullable(),
});
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

/**
 * `POST /api/messages/conversations` — start (or reopen) a chat with `participantId`. Returns the
 * pair's existing conversation when there is one (un-hiding it for the caller if they had deleted
 * it), else a new empty one; 200 either way. Recipient rules (docs/product.md §A5): admins and supadmins write
 * to tanods only; tanods to tanods, admins and supadmins; nobody to themselves; a deactivated or
 * unknown user is refused. A refusal is 403 (FORBIDDEN) for a staff user one may not write to,
 * 404 for an unknown or non-staff id.
 */
export const createConversationRequestSchema = z.object({
  participantId: z.string(zodMessage(msg`participantId is required`)).trim().min(1, zodMessage(msg`participantId is required`)).max(100),
});

export const createConversationResponseSchema = z.object({ conversation: conversationSchema });
export type CreateConversationResponse = z.infer<typeof createConversationResponseSchema>;

/** Message text as the server accepts it: trimmed, not blank, at most 2,000 characters. */
export const messageContentSchema = z
  .string(zodMessage(msg`Message is required`))
  .trim()
  .min(1, zodMessage(msg`Message cannot be blank`))
  .max(MESSAGE_LIMITS.contentMaxLength, zodMessage(msg`Message is longer than ${ph({ max: MESSAGE_LIMITS.contentMaxLength })} characters`));

/**
 * `POST /api/messages` — send. 400 (VALIDATION_FAILED, field `content`) for blank or oversized
 * text; 404 when the conversation is unknown or not the caller's; 403 when the other participant
 * may no longer receive messages (deactivated). The message is also pushed as `messageReceived`
 * to both participants (the sender's other tabs included), and brings the conversation back for a
 * participant who had deleted it.
 */
export const sendMessageRequestSchema = z.object({
  conversationId: z.string(zodMessage(msg`conversationId is required`)).trim().min(1, zodMessage(msg`conversationId is required`)).max(100),
  content: messageContentSchema,
  /**
   * Optional id the sending browser gives the message, so a message kept while offline
   * and sent again after a lost answer is stored once: a repeat with the same clientId returns the
   * message already stored (200) and notifies nobody again. Unique per sender; 8 to 64 letters,
   * digits, `-` or `_`. Reusing one in another conversation is refused (409, field `clientId`).
   */
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, zodMessage(msg`clientId must be 8 to 64 letters, digits, - or _`))
    .optional(),
});

export const sendMessageResponseSchema = z.object({ message: messageSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/**
 * `POST /api/messages/conversations/{id}/read` (empty body) — the caller has read everything up to
 * now. The other participant is told with `conversation:read` { conversationId, userId, at }, so
 * their ticks for messages created at or before `at` turn double.
 */
export const markConversationReadResponseSchema = z.object({ ok: z.literal(true), readAt: z.string() });
export type MarkConversationReadResponse = z.infer<typeof markConversationReadResponseSchema>;

/**
 * `DELETE /api/messages/conversations/{id}` — hides the conversation and its history for the
 * caller only. The other participant keeps it; a later message from either side brings it back
 * (showing only messages after the deletion).
 */
export const deleteConversationResponseSchema = z.object({ ok: z.literal(true) });
