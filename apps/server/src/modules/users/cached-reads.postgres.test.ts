import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { notifyNow } from '../notifications/notifications.service.ts';

// Two app instances on one PostgreSQL database, as two server processes behind a load balancer:
// a change made through one must reach the other's cached reads (db/cache-invalidation.ts).
let first: TestContext;
let second: TestContext;
beforeAll(async () => {
  first = await createTestContext();
  second = await createTestContext({ secondInstanceOf: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const read = async (instance: TestContext, token: string, url: string) => {
  const response = await instance.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/**
 * The other instance hears of the change through a PostgreSQL notification, a round trip after
 * the commit. Without the relay its cached answer would stay for the cache's TTL (10 s), far
 * longer than this waits.
 */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 10 });

describe('a change on one instance reaches the cached reads of the other', () => {
  it('a profile change', async () => {
    const user = await createUser(first);
    const token = await signIn(first, user);
    expect((await read(second, token, '/api/auth/me')).firstName).toBe(user.firstName);
    const change = await first.app.inject({ method: 'PATCH', url: '/api/account', headers: bearer(token), payload: { firstName: 'Lorna' } });
    expect(change.statusCode).toBe(200);
    await eventually(async () => expect((await read(second, token, '/api/auth/me')).firstName).toBe('Lorna'));
  });

  it('a notification and its reading', async () => {
    const user = await createUser(first);
    const token = await signIn(first, user);
    expect((await read(second, token, '/api/auth/me')).hasUnreadNotifications).toBe(false);
    expect(await read(second, token, '/api/notifications')).toEqual([]);

    const [created] = await notifyNow(first.deps, { userId: user.id }, { message: 'Incident near the chapel' });
    await eventually(async () => expect((await read(second, token, '/api/auth/me')).hasUnreadNotifications).toBe(true));
    expect(await read(second, token, '/api/notifications')).toHaveLength(1);

    const mark = await first.app.inject({ method: 'POST', url: `/api/notifications/${created!.notification._id}/read`, headers: bearer(token) });
    expect(mark.statusCode).toBe(200);
    await eventually(async () => expect((await read(second, token, '/api/auth/me')).hasUnreadNotifications).toBe(false));
  });

  it('a chat message', async () => {
    const [alice, bob] = [await createUser(first), await createUser(first)];
    const [aliceToken, bobToken] = [await signIn(first, alice), await signIn(first, bob)];
    const started = await first.app.inject({
      method: 'POST',
      url: '/api/messages/conversations',
      headers: bearer(aliceToken),
      payload: { participantId: bob.id },
    });
    const conversationId = started.json().conversation._id;
    expect((await read(second, bobToken, '/api/messages/conversations')).conversations[0]?.lastMessage ?? null).toBeNull();

    const sent = await first.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(aliceToken),
      payload: { conversationId, content: 'Paki-check ang gate' },
    });
    expect(sent.statusCode).toBe(200);
    await eventually(async () =>
      expect((await read(second, bobToken, '/api/messages/conversations')).conversations[0]?.lastMessage).toBe('Paki-check ang gate'),
    );
  });
});
