import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { query } from '../../../test/incidents-helpers.ts';
import { inTransaction } from '../../db/transaction.ts';
import { silentLogger } from '../../adapters/index.ts';
import type { DeliveryRow } from '../../db/schema/index.ts';
import { DeliveryWorker, type DeliveryOutcome } from './delivery-worker.ts';
import { enqueueDeliveries, type DeliveryRequest } from './deliveries.service.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { deliveryRetentionJob } from './retention.job.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

/** A worker of its own over the test's database, whose sms channel does what the test says. */
function workerWith(send: (delivery: DeliveryRow) => Promise<DeliveryOutcome>, options: ConstructorParameters<typeof DeliveryWorker>[2] = {}) {
  const worker = new DeliveryWorker({ db: ctx.deps.db, clock }, silentLogger, { backoffBaseMs: 10_000, ...options });
  worker.register('sms', { send });
  return worker;
}

let serial = 0;
function sms(text: string, extra: Partial<DeliveryRequest> = {}): DeliveryRequest {
  serial += 1;
  return { channel: 'sms', to: `+6391700${String(serial).padStart(5, '0')}`, payload: { text }, kind: 'test.alert', ...extra } as DeliveryRequest;
}

/** Enqueues in a committed transaction, with a stopped worker: nothing is sent until a test says so. */
async function enqueue(requests: DeliveryRequest[]): Promise<string[]> {
  const quiet = { clock, deliveries: { nudge() {} } } as unknown as Parameters<typeof enqueueDeliveries>[0];
  await inTransaction(ctx.deps.db, (tx, afterCommit) => enqueueDeliveries(quiet, tx, afterCommit, requests));
  const texts = requests.map((request) => (request.payload as { text: string }).text);
  const rows = await query<{ id: string; text: string }>(ctx, sql`select id, payload->>'text' as text from deliveries where payload->>'text' in ${texts}`);
  return texts.map((text) => rows.find((row) => row.text === text)!.id);
}

async function stateOf(id: string) {
  const [row] = await query<{ status: string; attempts: number; next_attempt_at: string | Date; last_error: string | null }>(
    ctx,
    sql`select status, attempts, next_attempt_at, last_error from deliveries where id = ${id}`,
  );
  // The two drivers return timestamps differently from a raw query (a string or a Date).
  return { ...row!, next_attempt_at: new Date(row!.next_attempt_at) };
}

describe('the delivery worker', () => {
  it('sends what a committed transaction enqueued, once, and marks it sent', async () => {
    const [id] = await enqueue([sms('sent once')]);
    const sent: string[] = [];
    const worker = workerWith(async (delivery) => {
      sent.push(delivery.id);
      return { status: 'sent' };
    });
    worker.nudge();
    await worker.idle();
    worker.nudge();
    await worker.idle();
    expect(sent).toEqual([id]);
    expect((await stateOf(id!)).status).toBe('sent');
  });

  it('a rolled-back transaction leaves nothing to send', async () => {
    await expect(
      inTransaction(ctx.deps.db, async (tx, afterCommit) => {
        await enqueueDeliveries(ctx.deps, tx, afterCommit, [sms('rolled back')]);
        throw new Error('the causing write failed');
      }),
    ).rejects.toThrow('the causing write failed');
    expect(await query(ctx, sql`select id from deliveries where payload->>'text' = 'rolled back'`)).toEqual([]);
  });

  it('a repeated dedupe key is enqueued once', async () => {
    const key = `test:${crypto.randomUUID()}`;
    await inTransaction(ctx.deps.db, (tx, afterCommit) => enqueueDeliveries(ctx.deps, tx, afterCommit, [sms('dedupe a', { dedupeKey: key })]));
    const second = await inTransaction(ctx.deps.db, (tx, afterCommit) => enqueueDeliveries(ctx.deps, tx, afterCommit, [sms('dedupe b', { dedupeKey: key })]));
    expect(second).toBe(0);
    expect(await query(ctx, sql`select id from deliveries where dedupe_key = ${key}`)).toHaveLength(1);
    await ctx.deps.deliveries.idle();
  });

  it('a failed try is retried after a growing backoff, then given up after the last try', async () => {
    const [id] = await enqueue([sms('always fails')]);
    const worker = workerWith(async () => {
      throw new Error('gateway timed out');
    }, { maxAttempts: 3 });
    const started = clock.now().getTime();

    worker.nudge();
    await worker.idle();
    let state = await stateOf(id!);
    expect(state).toMatchObject({ status: 'pending', attempts: 1, last_error: 'gateway timed out' });
    const firstWait = state.next_attempt_at.getTime() - started;
    expect(firstWait).toBeGreaterThanOrEqual(8_000);
    expect(firstWait).toBeLessThanOrEqual(12_000);

    // Not due yet: a nudge before the backoff has passed does not try again.
    worker.nudge();
    await worker.idle();
    expect((await stateOf(id!)).attempts).toBe(1);

    clock.set(state.next_attempt_at);
    worker.nudge();
    await worker.idle();
    state = await stateOf(id!);
    expect(state).toMatchObject({ status: 'pending', attempts: 2 });
    const secondWait = state.next_attempt_at.getTime() - clock.now().getTime();
    expect(secondWait).toBeGreaterThanOrEqual(16_000);
    expect(secondWait).toBeLessThanOrEqual(24_000);

    clock.set(state.next_attempt_at);
    worker.nudge();
    await worker.idle();
    expect(await stateOf(id!)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'gateway timed out' });
  });

  it('a give-up fails at once, and a defer waits without counting a try', async () => {
    const [gone, held] = await enqueue([sms('gone'), sms('held')]);
    const until = new Date(clock.now().getTime() + 3_600_000);
    const worker = workerWith(async (delivery) =>
      delivery.id === gone ? { status: 'give-up', error: 'subscription expired' } : { status: 'defer', until },
    );
    worker.nudge();
    await worker.idle();
    expect(await stateOf(gone!)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'subscription expired' });
    const state = await stateOf(held!);
    expect(state).toMatchObject({ status: 'pending', attempts: 0 });
    expect(state.next_attempt_at.toISOString()).toBe(until.toISOString());
  });

  it('a worker killed between the commit and the send: the next worker sends it after its restart', async () => {
    // The first process committed and died before it sent: the row is pending, no worker ran.
    const [id] = await enqueue([sms('crash before send')]);
    const sent: string[] = [];
    const restarted = workerWith(async (delivery) => {
      sent.push(delivery.id);
      return { status: 'sent' };
    });
    restarted.nudge();
    await restarted.idle();
    expect(sent).toContain(id);
    expect((await stateOf(id!)).status).toBe('sent');
  });

  it('a worker killed in the middle of a send: its claim lapses and another worker sends it', async () => {
    const [id] = await enqueue([sms('crash during send')]);
    // The first worker claims the row and never returns (its process died inside the send).
    let hung = false;
    const dying = workerWith(async () => {
      hung = true;
      return new Promise<DeliveryOutcome>(() => {});
    });
    dying.nudge();
    await expect.poll(() => hung).toBe(true);
    expect((await stateOf(id!)).status).toBe('sending');

    const sent: string[] = [];
    const survivor = workerWith(async (delivery) => {
      sent.push(delivery.id);
      return { status: 'sent' };
    });
    // While the claim holds, the row is not taken again (it may still be in flight).
    survivor.nudge();
    await survivor.idle();
    expect(sent).not.toContain(id);

    clock.advance(survivor.options.claimMs + 1);
    survivor.nudge();
    await survivor.idle();
    expect(sent.filter((sentId) => sentId === id)).toEqual([id]);
    expect(await stateOf(id!)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('failed deliveries, for the supadmin', () => {
  it('the supadmin lists what failed, newest first, with a hidden destination, and retries one', async () => {
    const [id] = await enqueue([sms('for the list')]);
    const worker = workerWith(async () => ({ status: 'give-up', error: 'number unreachable' }));
    worker.nudge();
    await worker.idle();
    const supadmin = await createUser(ctx, { userType: 'supadmin' });
    const token = await signIn(ctx, supadmin);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/deliveries/failed?limit=100', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((candidate: { _id: string }) => candidate._id === id);
    expect(item).toMatchObject({ channel: 'sms', kind: 'test.alert', attempts: 1, lastError: 'number unreachable', recipient: null });
    expect(item.destination).toMatch(/^\+63917•••\d{4}$/);

    const retry = await ctx.app.inject({ method: 'POST', url: `/api/deliveries/${id}/retry`, headers: bearer(token) });
    expect(retry.statusCode).toBe(204);
    expect(await stateOf(id!)).toMatchObject({ status: expect.stringMatching(/pending|sending|sent|failed/), attempts: expect.any(Number) });
    await ctx.deps.deliveries.idle();
    // The app's own worker sent it through the console SMS (its sent log) this time.
    expect((await stateOf(id!)).status).toBe('sent');

    const again = await ctx.app.inject({ method: 'POST', url: `/api/deliveries/${id}/retry`, headers: bearer(token) });
    expect(again.statusCode).toBe(404);
  });

  it('pages with a cursor', async () => {
    const ids = await enqueue([sms('page 1'), sms('page 2'), sms('page 3')]);
    const worker = workerWith(async () => ({ status: 'give-up', error: 'no' }));
    worker.nudge();
    await worker.idle();
    const token = await signIn(ctx, await createUser(ctx, { userType: 'supadmin' }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { _id: string }[]; nextCursor: string | null } = (
        await ctx.app.inject({ method: 'GET', url: `/api/deliveries/failed?limit=2${cursor ? `&cursor=${cursor}` : ''}`, headers: bearer(token) })
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids) expect(seen).toContain(id);
  });

  it('anyone but the supadmin is refused, and bad input is a clear 400 or 404', async () => {
    const admin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
    const tanod = await signIn(ctx, await createUser(ctx, { userType: 'tanod' }));
    const supadmin = await signIn(ctx, await createUser(ctx, { userType: 'supadmin' }));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/deliveries/failed' })).statusCode).toBe(401);
    for (const token of [admin, tanod]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/deliveries/failed', headers: bearer(token) })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/deliveries/${crypto.randomUUID()}/retry`, headers: bearer(token) })).statusCode).toBe(403);
    }
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/deliveries/not-an-id/retry', headers: bearer(supadmin) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('id');
    const badCursor = await ctx.app.inject({ method: 'GET', url: '/api/deliveries/failed?cursor=nope', headers: bearer(supadmin) });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.message).toContain('cursor');
    const tooMany = await ctx.app.inject({ method: 'GET', url: '/api/deliveries/failed?limit=5000', headers: bearer(supadmin) });
    expect(tooMany.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/deliveries/${crypto.randomUUID()}/retry`, headers: bearer(supadmin) })).statusCode).toBe(404);
  });
});

describe('delivery retention', () => {
  it('deletes sent and failed deliveries older than 30 days and keeps newer and pending ones', async () => {
    const [old, recent, stuck, oldFailed, waiting] = await enqueue([
      sms('retention old'),
      sms('retention recent'),
      sms('retention failed'),
      sms('retention failed long ago https://x/reset/live-token', { kind: 'account.pin_reset' }),
      sms('retention pending'),
    ]);
    const worker = workerWith(async (delivery) => (delivery.id === stuck || delivery.id === oldFailed ? { status: 'give-up', error: 'no' } : { status: 'sent' }));
    await ctx.deps.db.execute(sql`update deliveries set next_attempt_at = ${new Date(clock.now().getTime() + 86_400_000)} where id = ${waiting!}`);
    worker.nudge();
    await worker.idle();
    const monthAgo = new Date(clock.now().getTime() - 31 * 86_400_000);
    await ctx.deps.db.execute(sql`update deliveries set sent_at = ${monthAgo} where id = ${old!}`);
    // A failed text keeps the reporter's number and, for an account link, its token: it goes a month after it was written.
    await ctx.deps.db.execute(sql`update deliveries set created_at = ${monthAgo} where id in (${oldFailed!}, ${waiting!})`);
    await runJob(ctx.deps, deliveryRetentionJob, { error: (message) => expect.fail(message) });
    const left = await query<{ id: string }>(ctx, sql`select id from deliveries where id in (${old!}, ${recent!}, ${stuck!}, ${oldFailed!}, ${waiting!})`);
    expect(left.map((row) => row.id).sort()).toEqual([recent!, stuck!, waiting!].sort());
  });
});

describe('secrets in deliveries', () => {
  it('an account link is blanked from the payload once sent; other texts are kept', async () => {
    const [link, alert] = await enqueue([sms('reset link https://x/reset/secret-token', { kind: 'account.pin_reset' }), sms('kept text')]);
    const worker = workerWith(async () => ({ status: 'sent' }));
    worker.nudge();
    await worker.idle();
    const rows = await query<{ id: string; payload: unknown }>(ctx, sql`select id, payload from deliveries where id in (${link!}, ${alert!})`);
    expect(rows.find((row) => row.id === link)?.payload).toEqual({});
    expect(rows.find((row) => row.id === alert)?.payload).toEqual({ text: 'kept text' });
  });
});
