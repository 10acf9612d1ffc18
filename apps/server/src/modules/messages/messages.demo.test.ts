import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, MessageListResponse } from '@bantay/shared';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/harness.ts';
import { findUserByUsername } from '../users/users.repository.ts';
import { DEMO_CONVERSATIONS, seedDemoMessages } from './messages.demo.ts';
import { seedDemoStaff } from '../users/users.demo.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function headersOf(username: string) {
  const user = (await findUserByUsername(ctx.deps.db, username))!;
  return { user, headers: bearer(await signIn(ctx, user)) };
}

describe('demo messages', () => {
  it('tanod1 finds chats with the admin and with tanod2, newest first, some unread; seeding again adds nothing', async () => {
    await seedDemoStaff(ctx.deps);
    await seedDemoMessages(ctx.deps);
    await seedDemoMessages(ctx.deps);

    const tanod1 = await headersOf('tanod1');
    const { conversations } = (await ctx.app.inject({ method: 'GET', url: '/api/messages/conversations', headers: tanod1.headers })).json<{
      conversations: Conversation[];
    }>();
    const partners = conversations.map((c) => c.participants.find((p) => p._id !== tanod1.user.id)!.firstName);
    expect(partners).toEqual(['Maricel', 'Jose Ramon']);
    // tanod1 wrote last to tanod2 (unread on tanod2's side); the admin's last two are unread by tanod1.
    expect(conversations.map((c) => c.read)).toEqual([true, false]);
    const tanod2 = await headersOf('tanod2');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/messages/unread', headers: tanod2.headers })).json()).toEqual({ hasUnread: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/messages/unread', headers: tanod1.headers })).json()).toEqual({ hasUnread: true });

    const withAdmin = conversations[1]!;
    const page = (
      await ctx.app.inject({ method: 'GET', url: `/api/messages/conversations/${withAdmin._id}/messages`, headers: tanod1.headers })
    ).json<MessageListResponse>();
    const lines = DEMO_CONVERSATIONS.find((d) => d.pair.join() === 'tanod1,admin')!.lines;
    expect(page.messages.map((m) => m.content)).toEqual(lines.map((l) => l.text));
    expect(page.messages.map((m) => m.read)).toEqual(lines.map((_, i) => i < lines.length - 2));

    // The admin wrote the unread tail, so the admin has nothing unread from tanod1; tanod3 wrote last to the admin.
    const admin = await headersOf('admin');
    const adminList = (await ctx.app.inject({ method: 'GET', url: '/api/messages/conversations', headers: admin.headers })).json<{
      conversations: Conversation[];
    }>().conversations;
    expect(adminList.map((c) => c.read)).toEqual([true, false]);
  });
});
