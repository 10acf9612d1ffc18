import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, createTestContext, createUser, ManualClock, signIn, type TestContext } from '../../../test/harness.ts';
import { users } from '../../db/schema/index.ts';
import { notifyNow } from '../notifications/notifications.service.ts';
import { DEFAULT_READ_CACHE } from '../../lib/read-cache.ts';

// `/api/auth/me`, the notification panel's first page and the conversation list are answered from
// memory (lib/read-cache.ts). Every write that changes them must show in the very next read.
let ctx: TestContext;
const clock = new ManualClock(new Date('2026-11-27T08:00:00Z'));
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(async () => {
  await ctx?.close();
});

const get = async (token: string, url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};
const send = async (token: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const response = await ctx.app.inject({ method, url, headers: bearer(token), payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
};
const me = (token: string) => get(token, '/api/auth/me');
const notifications = (token: string) => get(token, '/api/notifications');
const conversations = async (token: string) => (await get(token, '/api/messages/conversations')).conversations;
const unreadDot = async (token: string) => (await get(token, '/api/messages/unread')).hasUnread;

describe('cached reads', () => {
  it('are served from memory: a change that bypasses the services shows only after the TTL', async () => {
    const user = await createUser(ctx);
    const token = await signIn(ctx, user);
    expect((await me(token)).firstName).toBe(user.firstName);
    await ctx.deps.db.update(users).set({ firstName: 'Edited' }).where(eq(users.id, user.id));
    expect((await me(token)).firstName).toBe(user.firstName);
    clock.advance(DEFAULT_READ_CACHE.ttlMs);
    expect((await me(token)).firstName).toBe('Edited');
  });

  it('show the caller their own profile change, photo aside, at once', async () => {
    const user = await createUser(ctx);
    const token = await signIn(ctx, user);
    await me(token);
    await send(token, 'PATCH', '/api/account', { firstName: 'Renamed' });
    expect((await me(token)).firstName).toBe('Renamed');
  });

  it("show an admin's edit of a tanod at once", async () => {
    const admin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    await me(token);
    await send(admin, 'PATCH', `/api/users/${tanod.id}`, { lastName: 'Santos' });
    expect((await me(token)).lastName).toBe('Santos');
  });

  it('show a new notification, its reading and its deletion at once', async () => {
    const user = await createUser(ctx);
    const token = await signIn(ctx, user);
    expect((await me(token)).hasUnreadNotifications).toBe(false);
    expect(await notifications(token)).toEqual([]);

    const [created] = await notifyNow(ctx.deps, { userId: user.id }, { message: 'Backup needed at the plaza' });
    expect((await me(token)).hasUnreadNotifications).toBe(true);
    expect((await notifications(token)).map((n: { _id: string; read: boolean }) => [n._id, n.read])).toEqual([
      [created!.notification._id, false],
    ]);

    await send(token, 'POST', `/api/notifications/${created!.notification._id}/read`);
    expect((await me(token)).hasUnreadNotifications).toBe(false);
    expect((await notifications(token))[0].read).toBe(true);

    await notifyNow(ctx.deps, { userId: user.id }, { message: 'Shift starts at 18:00' });
    expect((await me(token)).hasUnreadNotifications).toBe(true);
    await send(token, 'POST', '/api/notifications/mark-read');
    expect((await me(token)).hasUnreadNotifications).toBe(false);

    await send(token, 'DELETE', `/api/notifications/${created!.notification._id}`);
    expect(await notifications(token)).toHaveLength(1);
  });

  it("keep one person's cache apart from another's", async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const [aliceToken, bobToken] = [await signIn(ctx, alice), await signIn(ctx, bob)];
    expect((await me(aliceToken))._id).toBe(alice.id);
    expect((await me(bobToken))._id).toBe(bob.id);
    await notifyNow(ctx.deps, { userId: bob.id }, { message: 'For Bob only' });
    expect(await notifications(aliceToken)).toEqual([]);
    expect(await notifications(bobToken)).toHaveLength(1);
  });

  it('show conversations and the unread dot started, written, read, renamed and hidden at once, on both sides', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const [aliceToken, bobToken] = [await signIn(ctx, alice), await signIn(ctx, bob)];
    expect(await conversations(aliceToken)).toEqual([]);
    expect(await conversations(bobToken)).toEqual([]);
    expect(await unreadDot(bobToken)).toBe(false);

    const { conversation } = await send(aliceToken, 'POST', '/api/messages/conversations', { participantId: bob.id });
    expect((await conversations(aliceToken)).map((c: { _id: string }) => c._id)).toEqual([conversation._id]);

    await send(aliceToken, 'POST', '/api/messages', { conversationId: conversation._id, content: 'Nasaan ka?' });
    const [bobsView] = await conversations(bobToken);
    expect(bobsView.lastMessage).toBe('Nasaan ka?');
    expect(bobsView.read).toBe(false);
    expect(await unreadDot(bobToken)).toBe(true);

    await send(bobToken, 'POST', `/api/messages/conversations/${conversation._id}/read`);
    expect((await conversations(bobToken))[0].read).toBe(true);
    expect(await unreadDot(bobToken)).toBe(false);

    // Alice's list shows Bob's name: his profile change reaches her cached list too.
    await send(bobToken, 'PATCH', '/api/account', { firstName: 'Roberto' });
    const [alicesView] = await conversations(aliceToken);
    expect(alicesView.participants.find((p: { _id: string }) => p._id === bob.id).firstName).toBe('Roberto');

    // A hidden conversation's unread message no longer lights the dot.
    await send(bobToken, 'POST', '/api/messages', { conversationId: conversation._id, content: 'Nasa gate ako' });
    expect(await unreadDot(aliceToken)).toBe(true);
    await send(aliceToken, 'DELETE', `/api/messages/conversations/${conversation._id}`);
    expect(await conversations(aliceToken)).toEqual([]);
    expect(await unreadDot(aliceToken)).toBe(false);
    expect(await conversations(bobToken)).toHaveLength(1);
  });
});
