import { t } from '@lingui/core/macro';
import type { ChatMessage, ChatParticipant, Conversation, IdRef } from './message-types.ts';
import { fullName } from '@/lib/full-name.ts';

/**
 * docs/product.md §A9 and MESSAGE_LIMITS in the shared package (a test keeps them equal; they are copied so
 * the always-loaded top-bar button does not pull the schema module in).
 * The typing indicator hides 3 s after the last typing event.
 */
export const TYPING_VISIBLE_MS = 3000;
/** How often typing is announced while the user keeps typing: under the server's 3 a second and the 3 s, so it stays lit. */
export const TYPING_THROTTLE_MS = 1500;
/** The fallback polling period, used only while the socket is down (docs/product.md §1). */
export const POLL_MS = 500;
export const CONTENT_MAX_LENGTH = 2000;

const TEMP_PREFIX = 'temp-';

/** docs/product.md §A3: an id, or an object with `_id`. */
function idOf(ref: IdRef): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref._id;
}

/** The person on the other end; a temporary conversation may list only them. */
export function otherParticipant(conversation: Conversation, me: string | null): ChatParticipant | undefined {
  return conversation.participants.find((p) => p._id !== me) ?? conversation.participants[0];
}

/** docs/product.md §A2: the last message, prefixed 'You: ' when the signed-in user sent it (called while rendering). */
export function lastMessagePreview(conversation: Conversation, me: string | null): string {
  const message = conversation.lastMessage;
  if (!message) return '';
  return idOf(conversation.lastMessageSender) === me ? t`You: ${message}` : message;
}

/** Unread for me: not read, and the last word was not mine. */
export function isUnread(conversation: Conversation, me: string | null): boolean {
  return !conversation.read && Boolean(conversation.lastMessage) && idOf(conversation.lastMessageSender) !== me;
}

/** docs/product.md §A2: the search matches the other person's name or the last message, ignoring case. */
export function matchesConversation(conversation: Conversation, me: string | null, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const other = otherParticipant(conversation, me);
  return fullName(other).toLowerCase().includes(needle) || (conversation.lastMessage ?? '').toLowerCase().includes(needle);
}

/** docs/product.md §A2: the recipient search matches the first or the last name (or both, as typed). */
export function matchesUser(user: { firstName: string; lastName: string }, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    user.firstName.toLowerCase().includes(needle) ||
    user.lastName.toLowerCase().includes(needle) ||
    fullName(user).toLowerCase().includes(needle)
  );
}

/** Newest activity first. */
export function sortConversations(list: Conversation[]): Conversation[] {
  return [...list].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

// ---- Temporary → saved (docs/product.md §A4) ----

/** A conversation that exists only in this browser until its first message is sent. */
export function temporaryConversation(other: ChatParticipant, now: Date = new Date(), random: () => number = Math.random): Conversation {
  const at = now.toISOString();
  return {
    _id: `${TEMP_PREFIX}${now.getTime().toString(36)}${Math.floor(random() * 1e9).toString(36)}`,
    participants: [other],
    lastMessage: null,
    lastMessageSender: null,
    read: true,
    updatedAt: at,
    createdAt: at,
    temporary: true,
  };
}

export function isTemporary(conversation: Conversation): boolean {
  return conversation.temporary === true || conversation._id.startsWith(TEMP_PREFIX);
}

/** Picking a person opens the saved conversation with them when there is one, else a temporary one. */
export function conversationFor(existing: Conversation[] | undefined, other: ChatParticipant, me: string | null, now?: Date): Conversation {
  const found = existing?.find((c) => !isTemporary(c) && c.participants.some((p) => p._id === other._id) && other._id !== me);
  return found ?? temporaryConversation(other, now);
}

/** The server's conversation replaces the temporary one; it is no longer temporary. */
export function savedConversation(temporary: Conversation, created: Conversation): Conversation {
  return {
    ...created,
    participants: created.participants?.length ? created.participants : temporary.participants,
    temporary: false,
  };
}

// ---- Message lists ----

/** Adds or replaces messages by id and keeps them oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) byId.set(message._id, { ...byId.get(message._id), ...message });
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a._id.localeCompare(b._id));
}

export type Tick = 'none' | 'sent' | 'read';

/** docs/product.md §A4: my messages show one tick when sent and two once the other person has read them. */
export function tickState(message: ChatMessage, me: string | null): Tick {
  if (idOf(message.userId) !== me) return 'none';
  return message.read ? 'read' : 'sent';
}

/** A read receipt from the other person: my messages up to `at` become read. */
export function applyReadReceipt(messages: ChatMessage[], me: string | null, reader: string, at: string): ChatMessage[] {
  if (reader === me) return messages;
  const until = Date.parse(at);
  let changed = false;
  const next = messages.map((m) => {
    if (m.read || idOf(m.userId) !== me || Date.parse(m.createdAt) > until) return m;
    changed = true;
    return { ...m, read: true };
  });
  return changed ? next : messages;
}
