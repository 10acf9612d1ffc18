import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_LIMITS, type PushSubscriptionSummary } from '@bantay/shared';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { query } from '../../../test/incidents-helpers.ts';
import type { HostResolver } from '../../adapters/push/push.ts';

/** The push API (decision 017): subscriptions, their owners, the endpoint guard, preferences. */

const dns: HostResolver = async (hostname) => {
  const answers: Record<string, string> = {
    'fcm.googleapis.com': '142.250.70.10',
    'updates.push.services.mozilla.com': '34.117.237.239',
    'push.attacker.example': '10.0.0.7',
  };
  const address = answers[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

let ctx: TestContext;
let loopbackCtx: TestContext;

beforeAll(async () => {
  [ctx, loopbackCtx] = await Promise.all([
    createTestContext({ pushResolver: dns }),
    createTestContext({ pushResolver: dns, env: { PUSH_ALLOW_LOOPBACK: 'true' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), loopbackCtx.close()]);
});

/** A browser's `PushSubscription.toJSON()` on a real-looking push service. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomBytes(16).toString('base64url')}`) {
  const ecdh = crypto.createECDH('prime256v1');
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') } };
}

/** The session a token stands for (its `jti`). */
const sessionOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;

async function signedIn(context: TestContext, userType: 'tanod' | 'admin' | 'resident' = 'tanod') {
  const user = await createUser(context, { userType, ...(userType === 'resident' ? { phoneNumber: `+63917${crypto.randomInt(1_000_000, 9_999_999)}` } : {}) });
  return { user, token: await signIn(context, user) };
}

const subscribe = (context: TestContext, token: string | null, payload: unknown, userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0') =>
  context.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...(token ? bearer(token) : {}), 'user-agent': userAgent },
    payload: payload as Record<string, unknown>,
  });

describe('the VAPID key', () => {
  it('anyone may read it; it is the key the server signs with and stays the same', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(publicKey).toBe(ctx.deps.push.publicKey);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/key' })).json()).toEqual({ publicKey });
  });
});

describe('subscribing a browser', () => {
  it('a tanod subscribes and sees the browser in their list, the service shown by origin only', async () => {
    const { user, token } = await signedIn(ctx);
    const body = browserSubscription();
    const response = await subscribe(ctx, token, body);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const list = await ctx.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: bearer(token) });
    expect(list.json<PushSubscriptionSummary[]>()).toEqual([
      { _id: id, service: 'https://fcm.googleapis.com', userAgent: expect.stringContaining('Android'), createdAt: expect.any(String) },
    ]);
    const [row] = await query<{ user_id: string; p256dh: string }>(ctx, sql`select user_id, p256dh from push_subscriptions where id = ${id}`);
    expect(row).toEqual({ user_id: user.id, p256dh: body.keys.p256dh });
  });

  it('a signed-in resident subscribes too (to hear about their reports)', async () => {
    const { token } = await signedIn(ctx, 'resident');
    expect((await subscribe(ctx, token, browserSubscription())).statusCode).toBe(201);
  });

  it('the same browser again replaces its keys; a shared browser signed in as someone else moves to them only with its keys', async () => {
    const first = await signedIn(ctx);
    const second = await signedIn(ctx);
    const body = browserSubscription();
    const { id } = (await subscribe(ctx, first.token, body)).json<{ id: string }>();
    const renewed = { ...body, keys: browserSubscription().keys };
    expect((await subscribe(ctx, first.token, renewed)).json()).toEqual({ id });
    const [row] = await query<{ p256dh: string }>(ctx, sql`select p256dh from push_subscriptions where id = ${id}`);
    expect(row!.p256dh).toBe(renewed.keys.p256dh);

    // Someone who learned the endpoint but not the browser's keys cannot take it over.
    const hijack = await subscribe(ctx, second.token, { ...body, keys: browserSubscription().keys });
    expect(hijack.statusCode).toBe(409);
    expect(hijack.json().error).toMatchObject({ code: 'CONFLICT', fields: [{ field: 'endpoint', message: 'This push subscription belongs to another account.' }] });
    expect(await query(ctx, sql`select user_id, p256dh from push_subscriptions where id = ${id}`)).toEqual([{ user_id: first.user.id, p256dh: renewed.keys.p256dh }]);

    expect((await subscribe(ctx, second.token, renewed)).statusCode).toBe(201);
    const owners = await query<{ user_id: string; session_id: string }>(ctx, sql`select user_id, session_id from push_subscriptions where endpoint = ${body.endpoint}`);
    expect(owners).toEqual([{ user_id: second.user.id, session_id: sessionOf(second.token) }]);
    const firstList = await ctx.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: bearer(first.token) });
    expect(firstList.json()).toEqual([]);
  });

  it(`keeps a person's newest ${PUSH_LIMITS.subscriptionsPerUser} browsers`, async () => {
    const { token } = await signedIn(ctx);
    const ids: string[] = [];
    for (let i = 0; i < PUSH_LIMITS.subscriptionsPerUser + 2; i += 1) ids.push((await subscribe(ctx, token, browserSubscription())).json<{ id: string }>().id);
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: bearer(token) })).json<PushSubscriptionSummary[]>();
    expect(listed).toHaveLength(PUSH_LIMITS.subscriptionsPerUser);
    expect(listed.map((item) => item._id)).not.toContain(ids[0]);
    expect(listed.map((item) => item._id)).toContain(ids.at(-1));
  });

  it('nobody subscribes without signing in, whatever the body', async () => {
    const response = await subscribe(ctx, null, browserSubscription());
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    expect((await subscribe(ctx, null, { nonsense: true })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/subscriptions' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/preferences' })).statusCode).toBe(401);
  });

  it.each([
    ['no endpoint', { keys: browserSubscription().keys }, 'endpoint'],
    ['an endpoint that is no URL', { ...browserSubscription(), endpoint: 'push me' }, 'endpoint'],
    ['no keys', { endpoint: browserSubscription().endpoint }, 'keys'],
    ['a short p256dh', { ...browserSubscription(), keys: { ...browserSubscription().keys, p256dh: 'abc' } }, 'keys.p256dh'],
    ['an auth that is not base64url', { ...browserSubscription(), keys: { ...browserSubscription().keys, auth: 'not/base64+url!!!!!!!!' } }, 'keys.auth'],
    // Base64url of the right length, but not a point on the curve: every push to it would fail.
    ['a p256dh that is not a P-256 point', { ...browserSubscription(), keys: { ...browserSubscription().keys, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url') } }, 'keys.p256dh'],
    ['a compressed p256dh', { ...browserSubscription(), keys: { ...browserSubscription().keys, p256dh: Buffer.alloc(65, 2).toString('base64url') } }, 'keys.p256dh'],
    ['an auth secret that is not 16 bytes', { ...browserSubscription(), keys: { ...browserSubscription().keys, auth: Buffer.alloc(20, 1).toString('base64url') } }, 'keys.auth'],
    ['an endpoint longer than 2048 characters', browserSubscription(`https://fcm.googleapis.com/fcm/send/${'a'.repeat(2050)}`), 'endpoint'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const { token } = await signedIn(ctx);
    const response = await subscribe(ctx, token, body);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields.map((item: { field: string }) => item.field)).toContain(field);
    expect(error.message).toContain(field);
  });
});

describe('where a subscription may point (server-side request forgery)', () => {
  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc', /https/],
    ['loopback', 'https://127.0.0.1/push/abc', /IP address/],
    ['loopback by name', 'https://localhost/push/abc', /public host/],
    ['a private network address', 'https://10.0.0.7/push/abc', /IP address/],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data', /IP address/],
    ['IPv6 loopback', 'https://[::1]/push/abc', /IP address/],
    ['a name that resolves to a private address', 'https://push.attacker.example/push/abc', /private or local/],
    ['a name that does not resolve', 'https://nowhere.example/push/abc', /does not resolve/],
  ])('refuses %s, naming the endpoint, and stores nothing', async (_, endpoint, reason) => {
    const { user, token } = await signedIn(ctx);
    const response = await subscribe(ctx, token, browserSubscription(endpoint));
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.fields).toEqual([{ field: 'endpoint', message: expect.stringMatching(reason) }]);
    expect(await query(ctx, sql`select id from push_subscriptions where user_id = ${user.id}`)).toEqual([]);
  });

  it('loopback is admitted only with PUSH_ALLOW_LOOPBACK=true, and nothing else private with it', async () => {
    const { token } = await signedIn(loopbackCtx);
    expect((await subscribe(loopbackCtx, token, browserSubscription('https://127.0.0.1:8443/push/abc'))).statusCode).toBe(201);
    expect((await subscribe(loopbackCtx, token, browserSubscription('https://[::1]:8443/push/abc'))).statusCode).toBe(201);
    expect((await subscribe(loopbackCtx, token, browserSubscription('https://10.0.0.7/push/abc'))).statusCode).toBe(400);
    expect((await subscribe(loopbackCtx, token, browserSubscription('http://127.0.0.1:8443/push/abc'))).statusCode).toBe(400);
    const other = await signedIn(ctx);
    expect((await subscribe(ctx, other.token, browserSubscription('https://127.0.0.1:8443/push/abc'))).statusCode).toBe(400);
  });
});

describe('unsubscribing', () => {
  it('removes my own browser', async () => {
    const { token } = await signedIn(ctx);
    const { id } = (await subscribe(ctx, token, browserSubscription())).json<{ id: string }>();
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(await query(ctx, sql`select id from push_subscriptions where id = ${id}`)).toEqual([]);
  });

  it("someone else's subscription answers 404 like an unknown one, and stays", async () => {
    const owner = await signedIn(ctx);
    const other = await signedIn(ctx, 'admin');
    const { id } = (await subscribe(ctx, owner.token, browserSubscription())).json<{ id: string }>();
    for (const target of [id, crypto.randomUUID(), 'not-an-id']) {
      const response = await ctx.app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${target}`, headers: bearer(other.token) });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect(await query(ctx, sql`select id from push_subscriptions where id = ${id}`)).toHaveLength(1);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: bearer(other.token) });
    expect(list.json()).toEqual([]);
  });
});

describe('a browser that renewed its subscription (the service worker, pushsubscriptionchange)', () => {
  const renew = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/push/subscriptions/renew', payload: payload as Record<string, unknown> });

  it('takes the new endpoint and keys on the old row, which keeps its person and session; the old keys are the proof', async () => {
    const { user, token } = await signedIn(ctx);
    const old = browserSubscription();
    const { id } = (await subscribe(ctx, token, old)).json<{ id: string }>();
    const fresh = browserSubscription();

    const stranger = await renew({ old: { endpoint: old.endpoint, keys: { ...old.keys, auth: browserSubscription().keys.auth } }, subscription: fresh });
    expect(stranger.statusCode).toBe(404);
    const response = await renew({ old: { endpoint: old.endpoint, keys: old.keys }, subscription: fresh });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id });
    expect(await query(ctx, sql`select user_id, session_id, endpoint, auth from push_subscriptions where id = ${id}`)).toEqual([
      { user_id: user.id, session_id: sessionOf(token), endpoint: fresh.endpoint, auth: fresh.keys.auth },
    ]);
    // The old endpoint proves nothing any more, and a new endpoint is checked like any other.
    expect((await renew({ old: { endpoint: old.endpoint, keys: old.keys }, subscription: browserSubscription() })).statusCode).toBe(404);
    const privateEndpoint = await renew({ old: { endpoint: fresh.endpoint, keys: fresh.keys }, subscription: browserSubscription('https://10.0.0.7/push/abc') });
    expect(privateEndpoint.statusCode).toBe(400);
    expect(privateEndpoint.json().error.fields).toEqual([{ field: 'subscription.endpoint', message: expect.stringMatching(/IP address/) }]);
  });

  it('once the session that registered it has ended, answers 404 and changes nothing', async () => {
    const { token } = await signedIn(ctx);
    const old = browserSubscription();
    await subscribe(ctx, token, old);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await renew({ old: { endpoint: old.endpoint, keys: old.keys }, subscription: browserSubscription() })).statusCode).toBe(404);
    expect(await query(ctx, sql`select id from push_subscriptions where endpoint = ${old.endpoint}`)).toEqual([]);
  });
});

describe('alert preferences', () => {
  it('start with nothing muted and no quiet hours, and keep what I set', async () => {
    const { token } = await signedIn(ctx);
    const initial = await ctx.app.inject({ method: 'GET', url: '/api/push/preferences', headers: bearer(token) });
    expect(initial.json()).toEqual({ mutedKinds: [], quietHours: null });
    const wanted = { mutedKinds: ['chat', 'schedule'], quietHours: { start: '22:00', end: '06:00' } };
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/push/preferences', headers: bearer(token), payload: wanted });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(wanted);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/preferences', headers: bearer(token) })).json()).toEqual(wanted);
    const cleared = await ctx.app.inject({ method: 'PUT', url: '/api/push/preferences', headers: bearer(token), payload: { mutedKinds: [], quietHours: null } });
    expect(cleared.json()).toEqual({ mutedKinds: [], quietHours: null });
  });

  it('are my own: another person sees theirs', async () => {
    const mine = await signedIn(ctx);
    const theirs = await signedIn(ctx, 'resident');
    await ctx.app.inject({ method: 'PUT', url: '/api/push/preferences', headers: bearer(mine.token), payload: { mutedKinds: ['chat'], quietHours: null } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/preferences', headers: bearer(theirs.token) })).json()).toEqual({ mutedKinds: [], quietHours: null });
  });

  it.each([
    ['emergencies cannot be muted', { mutedKinds: ['emergency'], quietHours: null }, 'mutedKinds.0'],
    ['an unknown kind', { mutedKinds: ['gossip'], quietHours: null }, 'mutedKinds.0'],
    ['a time that is not HH:MM', { mutedKinds: [], quietHours: { start: '10pm', end: '06:00' } }, 'quietHours.start'],
    ['an hour past 23', { mutedKinds: [], quietHours: { start: '22:00', end: '24:00' } }, 'quietHours.end'],
    ['a window that ends where it starts', { mutedKinds: [], quietHours: { start: '22:00', end: '22:00' } }, 'quietHours.end'],
    ['missing fields', {}, 'mutedKinds'],
  ])('refuses %s with 400 naming the field', async (_, payload, field) => {
    const { token } = await signedIn(ctx);
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/push/preferences', headers: bearer(token), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.map((item: { field: string }) => item.field)).toContain(field);
  });
});
