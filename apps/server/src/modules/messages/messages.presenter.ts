import type { Conversation, Message } from '@bantay/shared';
import type { ConversationParticipantRow, MessageRow, UserRow } from '../../db/schema/index.ts';
import { presentUserSummary } from '../users/index.ts';
import type { ConversationListRow, ConversationView } from './messages.repository.ts';

/**
 * A conversation as `view.me` sees it. The last message is hidden when the caller deleted the
 * history that contains it (a conversation reopened from the picker before anyone wrote again).
 */
export function presentConversation(view: ConversationView, users: ReadonlyMap<string, UserRow>): Conversation {
  const participants = [view.userLow, view.userHigh].map((id) => users.get(id)).filter((row): row is UserRow => row !== undefined);
  const showsLast = view.lastMessageSeq > view.me.clearedSeq && view.lastMessageSenderId !== null;
  return {
    _id: view.id,
    participants: participants.map(presentUserSummary),
    lastMessage: showsLast ? view.lastMessageContent : null,
    lastMessageSender: showsLast && view.lastMessageSenderId ? { _id: view.lastMessageSenderId } : null,
    read: !view.hasUnread,
    updatedAt: view.updatedAt.toISOString(),
    createdAt: view.createdAt.toISOString(),
  };
}

/** A row of the conversation list (participants already joined in), as its participant sees it. */
export function presentConversationRow(row: ConversationListRow): Conversation {
  const showsLast = row.lastMessageSeq > row.clearedSeq && row.lastMessageSenderId !== null;
  return {
    _id: row.id,
    participants: [presentUserSummary(row.low), presentUserSummary(row.high)],
    lastMessage: showsLast ? row.lastMessageContent : null,
    lastMessageSender: showsLast && row.lastMessageSenderId ? { _id: row.lastMessageSenderId } : null,
    read: !row.hasUnread,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A message with its read state: read once the participant who did not send it has read the
 * conversation up to it.
 */
export function presentMessage(row: MessageRow, participants: readonly ConversationParticipantRow[]): Message {
  const recipient = participants.find((p) => p.userId !== row.senderId);
  return {
    _id: row.id,
    conversationId: row.conversationId,
    userId: row.senderId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    read: recipient !== undefined && recipient.lastReadSeq >= row.seq,
    ...(row.clientId === null ? {} : { clientId: row.clientId }),
  };
}
