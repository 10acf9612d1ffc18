import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  bearer,
  createTestContext,
  createUser,
  signIn,
  type TestContext,
} from '../../../test/harness.ts';
import { DomainEvents } from '../../lib/domain-events.ts';
import { SessionCache } from './session-cache.ts';
import { deactivate } from '../../../test/sessions.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('the verified-session cache never outlives a session', () => {
  it('a request after logout is refused, though the session was just answered from memory', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect(ctx.deps.sessionCache.lookup(token, ctx.deps.clock.now())).toBeDefined();

    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('a password change refuses the next request of every other session at once, and keeps its own', async () => {
    const user = await createUser(ctx);
    const phone = await signIn(ctx, user);
    const laptop = await signIn(ctx, user);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(200);

    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(laptop),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-Passphrase-42' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('a deactivated user is refused on the next request', async () => {
    const user = await createUser(ctx);
    const token = await signIn(ctx, user);
    expect((await me(token)).statusCode).toBe(200);
    await deactivate(ctx, user.id);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a session read before its revocation is not stored after it', () => {
    const cache = new SessionCache(new DomainEvents());
    const now = new Date();
    const session = {
      actor: { id: 'u1', userType: 'tanod' as const, sessionId: 's1' },
      expiresAt: new Date(now.getTime() + 60_000),
      lastSeenAt: now,
    };
    // The request reads the session (live), then the logout commits, then the request would store it.
    const generation = cache.begin();
    cache.forgetSessions(['s1']);
    cache.remember('token', session, generation, now);
    expect(cache.lookup('token', now)).toBeUndefined();
    // A read that starts after the revocation is stored as usual.
    cache.remember('token', session, cache.begin(), now);
    expect(cache.lookup('token', now)).toBeDefined();
  });

  it('an entry expires with its session and after a few seconds, and nothing is stored while suspended', () => {
    const cache = new SessionCache(new DomainEvents(), { ttlMs: 1_000, maxEntries: 2 });
    const now = new Date();
    const later = (ms: number) => new Date(now.getTime() + ms);
    const session = (sessionId: string, expiresInMs = 60_000) => ({
      actor: { id: 'u1', userType: 'tanod' as const, sessionId },
      expiresAt: later(expiresInMs),
      lastSeenAt: now,
    });
    cache.remember('a', session('s1', 500), cache.begin(), now);
    expect(cache.lookup('a', later(499))).toBeDefined();
    expect(cache.lookup('a', later(500))).toBeUndefined();
    cache.remember('b', session('s2'), cache.begin(), now);
    expect(cache.lookup('b', later(1_000))).toBeUndefined();

    cache.remember('c', session('s3'), cache.begin(), now);
    cache.remember('d', session('s4'), cache.begin(), now);
    cache.remember('e', session('s5'), cache.begin(), now);
    expect(cache.size).toBe(2);
    expect(cache.lookup('c', now)).toBeUndefined();

    cache.suspend();
    expect(cache.size).toBe(0);
    cache.remember('f', session('s6'), cache.begin(), now);
    expect(cache.lookup('f', now)).toBeUndefined();
    cache.resume();
    cache.remember('f', session('s6'), cache.begin(), now);
    expect(cache.lookup('f', now)).toBeDefined();
  });
});
