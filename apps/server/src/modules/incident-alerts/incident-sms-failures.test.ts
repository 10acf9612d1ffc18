import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { TEST_BOUNDARY, postReport, query, setBoundary } from '../../../test/incidents-helpers.ts';
import { OutsideServiceError, type SmsSender } from '../../adapters/index.ts';

/**
 * A gateway that is down no longer loses texts (decision 016): the reporter's receipt stays a
 * pending delivery with a growing backoff, is given up after its tries and shown to the supadmin,
 * who can send it again once the gateway is back.
 */

const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let gatewayUp = false;
const sent: { to: string; text: string }[] = [];
const gateway: SmsSender = {
  provider: 'flaky',
  send: async (message) => {
    if (!gatewayUp) throw new OutsideServiceError('Fake SMS', 'HTTP 503 gateway down');
    sent.push(message);
  },
};

let ctx: TestContext;
let supadmin: string;
let admin: string;
let tanod: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock, deps: { sms: gateway }, env: { REPORT_RATE_LIMIT_PER_IP: '1000', CODE_RATE_LIMIT: '1000' } });
  await setBoundary(ctx, TEST_BOUNDARY);
  supadmin = await signIn(ctx, await createUser(ctx, { userType: 'supadmin' }));
  admin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
  tanod = await signIn(ctx, await createUser(ctx, { userType: 'tanod' }));
});
afterAll(() => ctx.close());

interface DeliveryState {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  next_attempt_at: string | Date;
  last_error: string | null;
  payload: { text: string };
}

const deliveryOf = async (dedupeKey: string) =>
  (await query<DeliveryState>(ctx, sql`select id, kind, status, attempts, next_attempt_at, last_error, payload from deliveries where dedupe_key = ${dedupeKey}`))[0]!;

/** Milliseconds from the clock's now to the delivery's next try. */
const backoffOf = (delivery: DeliveryState) => new Date(delivery.next_attempt_at).getTime() - clock.now().getTime();

/** Moves the clock past the longest backoff and lets the worker try every due delivery once. */
async function nextRound(): Promise<void> {
  clock.advance(ctx.deps.deliveries.options.backoffMaxMs + 1_000);
  ctx.deps.deliveries.nudge();
  await ctx.deps.deliveries.idle();
}

const failedList = (token?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/deliveries/failed', headers: token ? bearer(token) : {} });
const retry = (id: string, token?: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/deliveries/${id}/retry`, headers: token ? bearer(token) : {} });

describe('a failing SMS gateway', () => {
  it('the receipt stays pending with a growing backoff, is given up after its tries, shown to the supadmin and sent on retry', async () => {
    const response = await postReport(ctx, { reporterPhone: '0917 555 1401' });
    // The report never waits for, nor fails with, the gateway.
    expect(response.statusCode).toBe(201);
    const { ticket } = response.json<{ ticket: string }>();
    const [incident] = await query<{ id: string }>(ctx, sql`select id from incidents where ticket = ${ticket}`);
    const key = `sms-ticket-received:${incident!.id}`;
    await ctx.deps.deliveries.idle();

    const first = await deliveryOf(key);
    expect(first).toMatchObject({ kind: 'ticket.received', status: 'pending', attempts: 1 });
    expect(first.last_error).toContain('gateway down');
    const base = ctx.deps.deliveries.options.backoffBaseMs;
    expect(backoffOf(first)).toBeGreaterThanOrEqual(base * 0.8);
    expect(backoffOf(first)).toBeLessThanOrEqual(base * 1.2);

    // Not due yet: a nudge before the backoff ends tries nothing.
    ctx.deps.deliveries.nudge();
    await ctx.deps.deliveries.idle();
    expect((await deliveryOf(key)).attempts).toBe(1);

    clock.advance(base * 1.2 + 1);
    ctx.deps.deliveries.nudge();
    await ctx.deps.deliveries.idle();
    const second = await deliveryOf(key);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(backoffOf(second)).toBeGreaterThanOrEqual(base * 2 * 0.8);
    expect(backoffOf(second)).toBeLessThanOrEqual(base * 2 * 1.2);

    const maxAttempts = ctx.deps.deliveries.options.maxAttempts;
    for (let round = 3; round <= maxAttempts; round += 1) await nextRound();
    const failed = await deliveryOf(key);
    expect(failed).toMatchObject({ status: 'failed', attempts: maxAttempts });
    await nextRound();
    expect((await deliveryOf(key)).attempts).toBe(maxAttempts);
    expect(sent).toEqual([]);

    const list = await failedList(supadmin);
    expect(list.statusCode).toBe(200);
    const item = list.json<{ items: { _id: string }[] }>().items.find((entry) => entry._id === failed.id);
    expect(item).toMatchObject({
      channel: 'sms',
      kind: 'ticket.received',
      recipient: null,
      attempts: maxAttempts,
      lastError: expect.stringContaining('gateway down'),
      destination: expect.stringMatching(/^\+63917•••1401$/),
    });
    expect(list.body).not.toContain('+639175551401');

    gatewayUp = true;
    try {
      expect((await retry(failed.id, supadmin)).statusCode).toBe(204);
      await ctx.deps.deliveries.idle();
      expect(await deliveryOf(key)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(sent).toEqual([{ to: '+639175551401', text: expect.stringContaining(`/Reportincidents?ticket=${ticket}`) }]);
      const after = await failedList(supadmin);
      expect(after.json<{ items: { _id: string }[] }>().items.map((entry) => entry._id)).not.toContain(failed.id);
      // Only a failed delivery can be retried.
      expect((await retry(failed.id, supadmin)).statusCode).toBe(404);
    } finally {
      gatewayUp = false;
    }
  });

  it('only the supadmin sees and retries failed deliveries; a malformed id is 400, an unknown one 404', async () => {
    expect((await failedList()).statusCode).toBe(401);
    expect((await failedList(admin)).statusCode).toBe(403);
    expect((await failedList(tanod)).statusCode).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await retry(unknown)).statusCode).toBe(401);
    expect((await retry(unknown, admin)).statusCode).toBe(403);
    expect((await retry(unknown, tanod)).statusCode).toBe(403);
    expect((await retry('not-a-delivery', supadmin)).statusCode).toBe(400);
    expect((await retry(unknown, supadmin)).statusCode).toBe(404);
  });

  it("a reset-PIN link that cannot be sent keeps its token out of the delivery's kind and the supadmin's list", async () => {
    const phoneNumber = '+639175551402';
    const resident = await createUser(ctx, { userType: 'resident', phoneNumber });
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/residents/forgot-pin', payload: { phoneNumber } });
    expect(answer.statusCode).toBe(200);
    await ctx.deps.deliveries.idle();
    const [row] = await query<DeliveryState>(ctx, sql`select id, kind, status, attempts, payload from deliveries where user_id = ${resident.id}`);
    expect(row).toMatchObject({ kind: 'account.pin_reset', status: 'pending', attempts: 1 });
    const token = /\/reset-pin\/([A-Za-z0-9_-]+)/.exec(row!.payload.text)![1]!;

    for (let round = 2; round <= ctx.deps.deliveries.options.maxAttempts; round += 1) await nextRound();
    const list = await failedList(supadmin);
    expect(list.json<{ items: { _id: string }[] }>().items.map((entry) => entry._id)).toContain(row!.id);
    expect(list.body).not.toContain(token);
    expect(row!.kind).not.toContain(token);
  });
});
