import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationIdParamsSchema,
  conversationListResponseSchema,
  createConversationRequestSchema,
  createConversationResponseSchema,
  deleteConversationResponseSchema,
  markConversationReadResponseSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  unreadMessagesResponseSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import {
  deleteConversation,
  hasUnreadMessagesOf,
  listConversationMessages,
  listMyConversations,
  markConversationRead,
  sendMessage,
  startConversation,
} from './messages.service.ts';
import { sendSerializedOnce } from '../../http/serialize-once.ts';

/**
 * docs/product.md §A7's message calls, under /api (docs/product.md §1). Staff only. Anything about a conversation the
 * caller does not take part in answers 404, as an unknown id does. Live updates go out over the
 * socket (realtime/domain-bridge.ts), so clients poll these only while their socket is down.
 */
export async function messageRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = requireAuth(deps, STAFF);
  const tags = ['messages'];

  r.get(
    '/api/messages/unread',
    {
      schema: { tags, summary: 'Whether I have an unread message (top-bar dot)', response: { 200: unreadMessagesResponseSchema } },
      onRequest: staffOnly,
    },
    async (request, reply) => sendSerializedOnce(reply, unreadMessagesResponseSchema, await hasUnreadMessagesOf(deps, actorOf(request))),
  );

  r.get(
    '/api/messages/conversations',
    {
      schema: { tags, summary: 'My conversations, most recent first', response: { 200: conversationListResponseSchema } },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const conversations = await listMyConversations(deps, actorOf(request));
      return sendSerializedOnce(reply, conversationListResponseSchema, { conversations }, conversations);
    },
  );

  r.post(
    '/api/messages/conversations',
    {
      schema: {
        tags,
        summary: 'Start a conversation, or get the existing one with this user',
        body: createConversationRequestSchema,
        response: { 200: createConversationResponseSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => ({ conversation: await startConversation(deps, actorOf(request), request.body.participantId) }),
  );

  r.get(
    '/api/messages/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'A page of messages: the newest page first, oldest first within the page',
        description: 'Pass `nextCursor` as `before` for the page of older messages; it is null on the oldest page.',
        params: conversationIdParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: messageListResponseSchema },
      },
      onRequest: staffOnly,
    },
    (request) => listConversationMessages(deps, actorOf(request), request.params.id, request.query),
  );

  r.post(
    '/api/messages/conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a conversation read (the sender gets a read receipt)',
        params: conversationIdParamsSchema,
        response: { 200: markConversationReadResponseSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => {
      const { readAt } = await markConversationRead(deps, actorOf(request), request.params.id);
      return { ok: true as const, readAt: readAt.toISOString() };
    },
  );

  r.delete(
    '/api/messages/conversations/:id',
    {
      schema: {
        tags,
        summary: 'Delete a conversation for me (the other participant keeps it)',
        params: conversationIdParamsSchema,
        response: { 200: deleteConversationResponseSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => {
      await deleteConversation(deps, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/messages',
    {
      schema: {
        tags,
        summary: 'Send a message',
        body: sendMessageRequestSchema,
        response: { 200: sendMessageResponseSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => ({ message: await sendMessage(deps, actorOf(request), request.body) }),
  );
}
