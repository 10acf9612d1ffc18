import { execFile } from 'node:child_process';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ManualClock, TEST_PASSWORD, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { query } from '../../../test/incidents-helpers.ts';
import { readSentMail } from '../../../test/security-helpers.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { pushSubscriptionSweepJob } from './subscription-sweep.job.ts';
import { deactivate } from '../../../test/sessions.ts';
import { startFakePushService, type BrowserSubscription, type FakePushService } from '../../../test/push-service.ts';
import type { HostResolver } from '../../adapters/push/push.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { notifyNow } from '../notifications/notifications.service.ts';
import { enqueueDeliveries } from '../deliveries/index.ts';
import { inTransaction } from '../../db/transaction.ts';

/**
 * Push deliveries against a local HTTPS push service (test/push-service.ts): what reaches it, how
 * its answers are handled, quiet hours, and the endpoint checked again at send time.
 */

const clock = new ManualClock(new Date('2026-06-01T08:00:00Z')); // 16:00 in Manila
/** The made-up DNS of this file; a test may change an answer (rebinding). */
const dnsAnswers = new Map<string, string>([
  ['pinned.bantay.localhost', '127.0.0.1'],
  ['rebind.example.com', '93.184.215.14'],
]);
const dns: HostResolver = async (hostname) => {
  const address = dnsAnswers.get(hostname);
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

let ctx: TestContext;
let service: FakePushService;

beforeAll(async () => {
  ctx = await createTestContext({ clock, pushResolver: dns, env: { PUSH_ALLOW_LOOPBACK: 'true', OUTSIDE_SERVICE_TIMEOUT_MS: '500' } });
  service = await startFakePushService({ vapidPublicKey: ctx.deps.push.publicKey });
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});
beforeEach(() => {
  service.answerWith(201);
  service.received.length = 0;
});

async function subscribedTanod(options: { host?: string; user?: UserRow } = {}): Promise<{ user: UserRow; token: string; browser: BrowserSubscription; subscriptionId: string }> {
  const user = options.user ?? (await createUser(ctx, { userType: 'tanod' }));
  const token = await signIn(ctx, user);
  const browser = service.subscribe(options);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: bearer(token), payload: browser });
  expect(response.statusCode, response.body).toBe(201);
  return { user, token, browser, subscriptionId: response.json<{ id: string }>().id };
}

async function scheduleChanged(userId: string) {
  await notifyNow(ctx.deps, { userId }, { message: 'Your patrol SCH-7K3F9Q in Purok 1 now starts at 18:00', kind: 'schedule.changed', entity: { type: 'schedule', id: '7d3c1a52-4b8e-4c1e-9a55-0f6c2f3b9d10' } });
  await ctx.deps.deliveries.idle();
}

async function deliveriesOf(userId: string) {
  return query<{ status: string; attempts: number; last_error: string | null; next_attempt_at: Date | string; kind: string }>(
    ctx,
    sql`select status, attempts, last_error, next_attempt_at, kind from deliveries where user_id = ${userId} and channel = 'push' order by created_at`,
  );
}

describe('a push message', () => {
  it('reaches the push service signed with the server VAPID key, and only the browser can read it', async () => {
    const { user, browser } = await subscribedTanod();
    await scheduleChanged(user.id);

    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(push!.token).toBe(browser.token);
    expect(push!.vapidProblem).toBeNull();
    expect(push!.vapidClaims).toMatchObject({ aud: service.origin, sub: expect.stringMatching(/^mailto:|^https:/) });
    expect(push!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'normal', ttl: '86400' });
    expect(push!.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(push!.payload).toEqual({
      title: 'Schedule changed',
      body: 'Your patrol SCH-7K3F9Q in Purok 1 now starts at 18:00',
      url: '/Schedule',
      tag: 'schedule:7d3c1a52-4b8e-4c1e-9a55-0f6c2f3b9d10',
    });
    expect(await deliveriesOf(user.id)).toMatchObject([{ status: 'sent', attempts: 1, kind: 'schedule.changed' }]);
  });

  it('is trusted through NODE_EXTRA_CA_CERTS, as a real push service is through the system store', async () => {
    // Every send in this file verifies the certificate, and it is not one of the bundled roots: the
    // worker trusts it only through NODE_EXTRA_CA_CERTS, set by the global setup before it was
    // forked. A fresh Node process refuses the service without the variable, and connects with it.
    expect(tls.rootCertificates.some((pem) => pem.includes('Bantay test push service'))).toBe(false);
    const probe = `require('https').get(${JSON.stringify(`${service.origin}/push/probe`)}, (r) => { console.log(r.statusCode); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(0); });`;
    const run = (env: Record<string, string>) => promisify(execFile)(process.execPath, ['-e', probe], { env });
    expect((await run({})).stdout.trim()).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT/);
    expect((await run({ NODE_EXTRA_CA_CERTS: inject('pushServiceTls').caBundle })).stdout.trim()).toBe('403');
  });

  it('connects only to the address checked before the send (a name the system DNS does not know)', async () => {
    const { user } = await subscribedTanod({ host: `pinned.bantay.localhost:${new URL(service.origin).port}` });
    await scheduleChanged(user.id);
    expect(service.received).toHaveLength(1);
    expect(service.received[0]!.payload?.title).toBe('Schedule changed');
    expect(await deliveriesOf(user.id)).toMatchObject([{ status: 'sent' }]);
  });
});

describe("the push service's answers", () => {
  it('410 Gone removes the subscription at once and gives the delivery up; nothing is posted there again', async () => {
    const { user, subscriptionId } = await subscribedTanod();
    service.answerWith(410);
    await scheduleChanged(user.id);
    expect(service.received).toHaveLength(1);
    expect(await query(ctx, sql`select id from push_subscriptions where id = ${subscriptionId}`)).toEqual([]);
    expect(await deliveriesOf(user.id)).toMatchObject([{ status: 'failed', attempts: 1, last_error: expect.stringContaining('410') }]);

    await scheduleChanged(user.id);
    expect(service.received).toHaveLength(1);
  });

  it('404 Not Found too', async () => {
    const { user, subscriptionId } = await subscribedTanod();
    service.answerWith(404);
    await scheduleChanged(user.id);
    expect(await query(ctx, sql`select id from push_subscriptions where id = ${subscriptionId}`)).toEqual([]);
  });

  it('500 is retried after the backoff, and then delivered', async () => {
    const { user, subscriptionId } = await subscribedTanod();
    service.answerWith(500, 201);
    await scheduleChanged(user.id);
    expect(service.received).toHaveLength(1);
    const [waiting] = await deliveriesOf(user.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('500') });
    expect(new Date(waiting!.next_attempt_at).getTime()).toBeGreaterThan(clock.now().getTime());

    // Not before its time...
    ctx.deps.deliveries.nudge();
    await ctx.deps.deliveries.idle();
    expect(service.received).toHaveLength(1);
    // ...and at it.
    clock.advance(ctx.deps.deliveries.options.backoffBaseMs * 2);
    ctx.deps.deliveries.nudge();
    await ctx.deps.deliveries.idle();
    expect(service.received).toHaveLength(2);
    expect(service.received[1]!.payload?.title).toBe('Schedule changed');
    expect(await deliveriesOf(user.id)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    expect(await query(ctx, sql`select id from push_subscriptions where id = ${subscriptionId}`)).toHaveLength(1);
  });

  it('429 and a service that does not answer in time are retried; 413 is given up and the subscription kept', async () => {
    const rateLimited = await subscribedTanod();
    service.answerWith(429);
    await scheduleChanged(rateLimited.user.id);
    expect(await deliveriesOf(rateLimited.user.id)).toMatchObject([{ status: 'pending', last_error: expect.stringContaining('429') }]);

    const slow = await subscribedTanod();
    service.answerWith('hang');
    await scheduleChanged(slow.user.id);
    expect(await deliveriesOf(slow.user.id)).toMatchObject([{ status: 'pending', last_error: expect.stringMatching(/no answer within 500 ms/) }]);

    const refused = await subscribedTanod();
    service.answerWith(413);
    await scheduleChanged(refused.user.id);
    expect(await deliveriesOf(refused.user.id)).toMatchObject([{ status: 'failed', last_error: expect.stringContaining('413') }]);
    expect(await query(ctx, sql`select id from push_subscriptions where id = ${refused.subscriptionId}`)).toHaveLength(1);
    service.answerWith(201);
  });

  it('an endpoint whose name now resolves to a private address (DNS rebinding) is never posted to, and is removed', async () => {
    const { user, subscriptionId } = await subscribedTanod({ host: 'rebind.example.com' });
    dnsAnswers.set('rebind.example.com', '10.0.0.9');
    try {
      await scheduleChanged(user.id);
    } finally {
      dnsAnswers.set('rebind.example.com', '93.184.215.14');
    }
    expect(service.received).toHaveLength(0);
    expect(await deliveriesOf(user.id)).toMatchObject([{ status: 'failed', last_error: expect.stringMatching(/private or local/) }]);
    expect(await query(ctx, sql`select id from push_subscriptions where id = ${subscriptionId}`)).toEqual([]);
  });

  it('a delivery whose browser unsubscribed, now belongs to someone else, or whose account was deactivated, is given up without a post', async () => {
    const gone = await subscribedTanod();
    const moved = await subscribedTanod();
    const deactivated = await subscribedTanod();
    const payload = { title: 'Schedule changed', body: 'Your patrol now starts at 18:00', url: '/Schedule' };
    // Written without nudging the worker, so the changes below come first for certain.
    await inTransaction(ctx.deps.db, (tx) =>
      enqueueDeliveries(ctx.deps, tx, () => {}, [
        { channel: 'push', userId: gone.user.id, subscriptionId: gone.subscriptionId, kind: 'schedule.changed', payload },
        { channel: 'push', userId: moved.user.id, subscriptionId: moved.subscriptionId, kind: 'schedule.changed', payload },
        { channel: 'push', userId: deactivated.user.id, subscriptionId: deactivated.subscriptionId, kind: 'schedule.changed', payload },
      ]),
    );
    await deactivate(ctx, deactivated.user.id);
    await ctx.app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${gone.subscriptionId}`, headers: bearer(gone.token) });
    const newcomer = await createUser(ctx, { userType: 'tanod' });
    const claimed = await ctx.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: bearer(await signIn(ctx, newcomer)), payload: moved.browser });
    expect(claimed.json()).toEqual({ id: moved.subscriptionId });

    ctx.deps.deliveries.nudge();
    await ctx.deps.deliveries.idle();
    expect(service.received).toHaveLength(0);
    expect(await deliveriesOf(gone.user.id)).toMatchObject([{ status: 'failed', last_error: 'the browser is no longer subscribed' }]);
    expect(await deliveriesOf(moved.user.id)).toMatchObject([{ status: 'failed', last_error: 'the browser is now subscribed for another person' }]);
    // Deactivation ends the sessions, and their subscriptions with them.
    expect(await deliveriesOf(deactivated.user.id)).toMatchObject([{ status: 'failed', last_error: 'the browser is no longer subscribed' }]);
  });
});

describe('alerts end with the session that turned them on', () => {
  const stillSubscribed = async (...ids: string[]) =>
    (await query<{ id: string }>(ctx, sql`select id from push_subscriptions where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)).map((row) => row.id).sort();
  const sessionOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;

  it('ending the phone’s session from another device removes its subscription; an alert already waiting is not posted either', async () => {
    const phone = await subscribedTanod();
    const laptop = await subscribedTanod({ user: phone.user });
    const payload = { title: 'Schedule changed', body: 'Your patrol now starts at 18:00', url: '/Schedule' };
    // Written before the session ends, without nudging the worker.
    await inTransaction(ctx.deps.db, (tx) =>
      enqueueDeliveries(ctx.deps, tx, () => {}, [{ channel: 'push', userId: phone.user.id, subscriptionId: phone.subscriptionId, kind: 'schedule.changed', payload }]),
    );
    const ended = await ctx.app.inject({ method: 'DELETE', url: `/api/account/sessions/${sessionOf(phone.token)}`, headers: bearer(laptop.token) });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await stillSubscribed(phone.subscriptionId, laptop.subscriptionId)).toEqual([laptop.subscriptionId]);

    await scheduleChanged(phone.user.id);
    expect(service.received.map((push) => push.token)).toEqual([laptop.browser.token]);
  });

  it('a password change ends the other sessions’ subscriptions, a sign-out its own, a password reset every one', async () => {
    const phone = await subscribedTanod();
    const laptop = await subscribedTanod({ user: phone.user });
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(laptop.token),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Kalamansi-tricycle-41' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await stillSubscribed(phone.subscriptionId, laptop.subscriptionId)).toEqual([laptop.subscriptionId]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(laptop.token) })).statusCode).toBe(200);
    expect(await stillSubscribed(laptop.subscriptionId)).toEqual([]);

    const tablet = await subscribedTanod({ user: phone.user });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: phone.user.email } })).statusCode).toBe(200);
    const link = (await readSentMail(ctx)).filter((mail) => mail.to === phone.user.email).at(-1)?.text ?? '';
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(link)?.[1];
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Bayabas-jeepney-73' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await stillSubscribed(tablet.subscriptionId)).toEqual([]);

    await scheduleChanged(phone.user.id);
    expect(service.received).toHaveLength(0);
  });

  it('an expired session’s browser gets nothing, not even an alert written before it expired, and the hourly sweep removes it', async () => {
    const start = clock.now();
    const expiring = await subscribedTanod();
    const waiting = await subscribedTanod();
    const payload = { title: 'Schedule changed', body: 'Your patrol now starts at 18:00', url: '/Schedule' };
    await inTransaction(ctx.deps.db, (tx) =>
      enqueueDeliveries(ctx.deps, tx, () => {}, [{ channel: 'push', userId: waiting.user.id, subscriptionId: waiting.subscriptionId, kind: 'schedule.changed', payload }]),
    );
    try {
      clock.advance(ctx.deps.config.sessionTtlMs + 60_000);
      await scheduleChanged(expiring.user.id);
      expect(await deliveriesOf(expiring.user.id)).toEqual([]);
      expect(await stillSubscribed(expiring.subscriptionId)).toEqual([expiring.subscriptionId]);
      ctx.deps.deliveries.nudge();
      await ctx.deps.deliveries.idle();
      expect(service.received.filter((push) => push.token === waiting.browser.token)).toEqual([]);
      expect(await deliveriesOf(waiting.user.id)).toMatchObject([{ status: 'failed', last_error: expect.stringContaining('the session that subscribed has ended') }]);
      expect(await stillSubscribed(waiting.subscriptionId)).toEqual([]);

      await runJob(ctx.deps, pushSubscriptionSweepJob, { error: (message) => expect.fail(message) });
      expect(await stillSubscribed(expiring.subscriptionId)).toEqual([]);
    } finally {
      clock.set(start);
    }
  });
});

describe('quiet hours', () => {
  it('hold a chat push until they end, and never an emergency', async () => {
    const { user, token, browser } = await subscribedTanod();
    // Earlier tests' retries come due when the clock moves: only this browser's pushes count here.
    const mine = () => service.received.filter((push) => push.token === browser.token);
    // 16:00 in Manila now: quiet from 15:00 to 17:00.
    const quiet = await ctx.app.inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: bearer(token),
      payload: { mutedKinds: [], quietHours: { start: '15:00', end: '17:00' } },
    });
    expect(quiet.statusCode).toBe(200);

    const admin = await createUser(ctx, { userType: 'admin', firstName: 'Alma', lastName: 'Santos' });
    const adminToken = await signIn(ctx, admin);
    const conversation = await ctx.app.inject({ method: 'POST', url: '/api/messages/conversations', headers: bearer(adminToken), payload: { participantId: user.id } });
    const conversationId = conversation.json<{ conversation: { _id: string } }>().conversation._id;
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(adminToken), payload: { conversationId, content: 'Please call the office when you can.' } });
    expect(sent.statusCode).toBe(200);
    await ctx.deps.deliveries.idle();
    expect(mine()).toHaveLength(0);
    const [held] = await deliveriesOf(user.id);
    expect(held).toMatchObject({ status: 'pending', attempts: 0, kind: 'message.sent' });
    expect(new Date(held!.next_attempt_at).toISOString()).toBe('2026-06-01T09:00:00.000Z');

    await notifyNow(ctx.deps, { userId: user.id }, { message: 'EMERGENCY incident reported: Fire near the market, ticket ER-7K3F-9QXM', kind: 'incident.emergency_reported', entity: { type: 'incident', id: '0b6f0c8e-2f55-4b8a-9d43-5b2f6b1c7e21' } });
    await ctx.deps.deliveries.idle();
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.payload).toMatchObject({ title: 'EMERGENCY reported', urgent: true, body: expect.stringContaining('ER-7K3F-9QXM') });
    expect(mine()[0]!.headers).toMatchObject({ urgency: 'high', ttl: '3600' });

    clock.set(new Date('2026-06-01T09:00:00Z'));
    ctx.deps.deliveries.nudge();
    await ctx.deps.deliveries.idle();
    expect(mine()).toHaveLength(2);
    expect(mine()[1]!.payload).toEqual({
      title: 'Alma Santos',
      body: 'Please call the office when you can.',
      url: `/Dashboard?conversation=${conversationId}`,
      tag: `conversation:${conversationId}`,
    });
    clock.set(new Date('2026-06-01T08:00:00Z'));
  });
});
