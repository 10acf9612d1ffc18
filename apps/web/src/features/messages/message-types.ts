import type { Conversation as ApiConversation, ConversationParticipant, Message } from '@bantay/shared';

/** The shared API shapes (packages/shared/src/messages.ts), plus what only this browser knows. */
export type ChatParticipant = ConversationParticipant;
export type ChatMessage = Message;

export type Conversation = ApiConversation & {
  /** Client-only (brief §3): picked in the new-message view, not saved until the first message. */
  temporary?: boolean;
};

/** Brief §3: a sender is an id or an object with `_id`. */
export type IdRef = string | { _id: string } | null | undefined;
