import { afterAll, beforeAll, expect } from 'vitest';
import type { Conversation, Message, MessageListResponse, UserType } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from './harness.ts';

/** Someone signed in, for the chat suites (modules/messages/messages*.test.ts). */
export interface ChatPerson {
  id: string;
  token: string;
  userType: UserType;
}

/**
 * A test app of its own for one chat suite (opened before its tests, closed after), on a manual
 * clock, with the chat calls made through the real API. Call it at the top of the test file.
 */
export function chatTestApp() {
  let ctx: TestContext;
  const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

  beforeAll(async () => {
    ctx = await createTestContext({ clock });
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function person(userType: UserType = 'tanod'): Promise<ChatPerson> {
    const user = await createUser(ctx, { userType });
    return { id: user.id, token: await signIn(ctx, user), userType };
  }

  function call(who: ChatPerson | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
    return ctx.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  async function start(from: ChatPerson, to: ChatPerson): Promise<Conversation> {
    const response = await call(from, 'POST', '/api/messages/conversations', { participantId: to.id });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ conversation: Conversation }>().conversation;
  }

  async function send(from: ChatPerson, conversationId: string, content: string): Promise<Message> {
    clock.advance(1000);
    const response = await call(from, 'POST', '/api/messages', { conversationId, content });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ message: Message }>().message;
  }

  async function conversationsOf(who: ChatPerson): Promise<Conversation[]> {
    const response = await call(who, 'GET', '/api/messages/conversations');
    expect(response.statusCode).toBe(200);
    return response.json<{ conversations: Conversation[] }>().conversations;
  }

  async function messagesOf(who: ChatPerson, conversationId: string, query = ''): Promise<MessageListResponse> {
    const response = await call(who, 'GET', `/api/messages/conversations/${conversationId}/messages${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MessageListResponse>();
  }

  async function hasUnread(who: ChatPerson): Promise<boolean> {
    return (await call(who, 'GET', '/api/messages/unread')).json<{ hasUnread: boolean }>().hasUnread;
  }

  return { clock, context: () => ctx, person, call, start, send, conversationsOf, messagesOf, hasUnread };
}
