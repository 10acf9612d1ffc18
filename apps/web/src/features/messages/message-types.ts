import type { Conversation as ApiConversation, ConversationParticipant, Message } from '@bantay/shared';

/** The shared API shapes (packages/shared/src/messages.ts), plus what only this browser knows. */
export type ChatParticipant = ConversationParticipant;
export type ChatMessage = Message;

export type Conversation = ApiConversation & {
  /** Client-only (docs/product.md §A3): picked in the new-message view, not saved until the first message. */
  temporary?: boolean;
};

/** docs/product.md §A3: a sender is an id or an object with `_id`. */
export type IdRef = string | { _id: string } | null | undefined;
