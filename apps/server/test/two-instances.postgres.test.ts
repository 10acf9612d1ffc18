import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackingPointInput, TrackingPointsAck } from '@bantay/shared';
import { ensureSupadmin } from '../src/modules/auth/auth.service.ts';
import { createUser, signIn } from './harness.ts';
import { insertTestIncident } from './incidents-helpers.ts';
import { centreOf, createArea, minutes, person, scheduleFor, square, startPatrol } from './patrols.ts';
import { connected, disconnected, nextEvent, type TestSocket } from './realtime.ts';
import { TEST_REDIS_URL, startTwoInstances, type Instance, type TwoInstances } from './two-instances.ts';

// Two real instances on one PostgreSQL database, reached over HTTP and sockets on their own ports.
let cluster: TwoInstances;
beforeAll(async () => {
  cluster = await startTwoInstances();
});
afterAll(async () => {
  await cluster?.close();
});

async function call(instance: Instance, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** 40 lookups of an unknown ticket from one address, taking turns between the two instances. */
async function fortyLookupsSplit(cluster: TwoInstances) {
  const answers = [];
  for (let i = 0; i < 40; i += 1)
    answers.push(await call(i % 2 === 0 ? cluster.a : cluster.b, 'GET', '/api/public/tickets/BTY-NOPE-0000'));
  return answers;
}

/** The 30 of 15 minutes are counted once over both instances: the 31st lookup, wherever it lands, is refused. */
function expectLimitOf30Met(answers: Awaited<ReturnType<typeof fortyLookupsSplit>>) {
  expect(answers.slice(0, 30).map((answer) => answer.status)).toEqual(Array(30).fill(404));
  expect(answers.slice(30).map((answer) => answer.status)).toEqual(Array(10).fill(429));
  const refused = answers[30]!;
  expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  expect(Number(refused.retryAfter)).toBeGreaterThan(14 * 60);
}

describe('two instances', () => {
  it('a chat message sent through A reaches the recipient’s socket on B', async () => {
    const { a, b } = cluster;
    const sender = await createUser(a.ctx, { userType: 'admin' });
    const recipient = await createUser(a.ctx, { userType: 'tanod' });
    const senderToken = await signIn(a.ctx, sender);
    const socket = await connected(b.client(await signIn(a.ctx, recipient)));

    const started = await call(a, 'POST', '/api/messages/conversations', senderToken, { participantId: recipient.id });
    expect(started.status).toBe(200);
    const conversationId = (started.body.conversation as { _id: string })._id;
    const received = nextEvent(socket, 'messageReceived');
    const sent = await call(a, 'POST', '/api/messages', senderToken, { conversationId, content: 'Meet at the plaza' });
    expect(sent.body).toMatchObject({ message: { conversationId } });
    expect(await received).toMatchObject({ conversationId, content: 'Meet at the plaza', userId: sender.id });
  });

  it('an assignment made through A reaches the tanod’s socket on B as a notification and an incident update', async () => {
    const { a, b } = cluster;
    const admin = await createUser(a.ctx, { userType: 'admin' });
    const tanod = await createUser(a.ctx, { userType: 'tanod' });
    const incident = await insertTestIncident(a.ctx);
    const socket = await connected(b.client(await signIn(a.ctx, tanod)));
    const notified = nextEvent(
      socket,
      'notificationUpdate',
      ({ notification }) => notification.entityId === incident.id,
    );
    const updated = nextEvent(socket, 'incident:updated', (change) => change.id === incident.id);

    const assigned = await call(a, 'POST', `/api/incidents/${incident.id}/assign`, await signIn(a.ctx, admin), {
      tanodId: tanod.id,
    });
    expect(assigned.status).toBe(200);
    expect(await notified).toMatchObject({
      type: 'new',
      notification: { kind: 'incident.assigned', entityType: 'incident', entityId: incident.id },
    });
    expect(await updated).toMatchObject({ id: incident.id });
  });

  it('a tracking point sent to A reaches the live map of an admin connected to B', async () => {
    const { a, b } = cluster;
    const admin = await person(a.ctx, 'admin');
    const tanod = await person(a.ctx, 'tanod');
    const area = await createArea(a.ctx, admin, square(14.9, 121.2));
    const now = new Date();
    const schedule = await scheduleFor(
      a.ctx,
      admin,
      area,
      [tanod],
      new Date(now.getTime() - minutes(5)),
      new Date(now.getTime() + minutes(240)),
    );
    const inside = centreOf(14.9, 121.2);
    await startPatrol(a.ctx, tanod, schedule._id, inside);
    const watcher = await connected(b.client(admin.token));
    expect(await new Promise((resolve) => watcher.emit('tracking:watch', resolve))).toEqual({ ok: true });
    const tanodSocket = await connected(a.client(tanod.token));

    const arrival = nextEvent(watcher, 'tracking:position', (position) => position.userId === tanod.id);
    const at = new Date().toISOString();
    const points: TrackingPointInput[] = [{ at, ...inside, accuracy: 8 }];
    const ack = await new Promise<TrackingPointsAck>((resolve) => tanodSocket.emit('tracking:points', points, resolve));
    expect(ack).toEqual({ accepted: 1, rejected: 0 });
    expect(await arrival).toMatchObject({ userId: tanod.id, at, ...inside });
  });

  it('a logout through A cuts that session’s socket on B, and only that one', async () => {
    const { a, b } = cluster;
    const tanod = await createUser(a.ctx, { userType: 'tanod' });
    const leaving = await signIn(a.ctx, tanod);
    const staying = await signIn(a.ctx, tanod);
    const leavingSocket = await connected(b.client(leaving));
    const stayingSocket: TestSocket = await connected(b.client(staying));
    const cut = disconnected(leavingSocket);

    expect((await call(a, 'POST', '/api/auth/logout', leaving)).status).toBe(200);
    expect(await cut).toBe('io server disconnect');
    // The other session's socket is still served: it answers a round trip after the cut.
    await new Promise<void>((resolve) => stayingSocket.emit('joinNotificationRoom', () => resolve()));
    expect(stayingSocket.connected).toBe(true);
    // And the ended session is refused by B too, not only by A.
    expect((await call(b, 'GET', '/api/auth/me', leaving)).status).toBe(401);
  });

  it('two instances creating the first supadmin at once make one account, and only one logs its password', async () => {
    const { a, b } = cluster;
    const logged: string[] = [];
    // The template database has no supadmin: both instances find none, and both go on to create it.
    await Promise.all(
      [a, b].map((instance) =>
        ensureSupadmin(
          {
            ...instance.ctx.deps,
            config: { ...instance.ctx.deps.config, supadmin: { username: 'first-supadmin', password: undefined } },
          },
          (message) => logged.push(message),
          () => `password-of-${instance.name}-1234`,
        ),
      ),
    );
    const supadmins = await a.ctx.deps.db.query.users.findMany({ where: (u, { eq }) => eq(u.userType, 'supadmin') });
    expect(supadmins.map((user) => user.username)).toEqual(['first-supadmin']);
    expect(logged).toHaveLength(1);
  });
});

describe('rate limits across two instances, counted in PostgreSQL', () => {
  it('40 ticket lookups split over A and B meet the limit of 30', async () => {
    expectLimitOf30Met(await fortyLookupsSplit(cluster));
  });

  it('the counters table is unlogged: a hit waits for no write-ahead log flush', async () => {
    const table = (await cluster.a.ctx.deps.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limit_counters'`,
    )) as unknown as {
      rows: { relpersistence: string }[];
    };
    expect(table.rows).toEqual([{ relpersistence: 'u' }]);
  });

  it('a window that is over starts again, on either instance', async () => {
    const { a, b } = cluster;
    expect((await call(b, 'GET', '/api/public/tickets/BTY-NOPE-0000')).status).toBe(429);
    // Ends the window as if 15 minutes had passed (the database's clock decides).
    await a.ctx.deps.db.execute(
      sql`update rate_limit_counters set window_ends_at = now() - interval '1 second' where key like '%/api/public/tickets/%'`,
    );
    expect((await call(b, 'GET', '/api/public/tickets/BTY-NOPE-0000')).status).toBe(404);
    expect((await call(a, 'GET', '/api/public/tickets/BTY-NOPE-0000')).status).toBe(404);
  });
});

describe('rate limits across two instances, counted in Redis (REDIS_URL)', () => {
  const redisUrl = TEST_REDIS_URL;
  // A prefix of this run's own, so parallel runs sharing the Redis never count each other's calls.
  const keyPrefix = `bantay-test-${crypto.randomBytes(6).toString('hex')}:`;
  let redisCluster: TwoInstances;
  const redis = new Redis(redisUrl, { lazyConnect: true });
  beforeAll(async () => {
    await redis.connect();
    redisCluster = await startTwoInstances({ env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix } });
  });
  afterAll(async () => {
    await redisCluster?.close();
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('40 ticket lookups split over A and B meet the limit of 30, and the counts are in Redis, not PostgreSQL', async () => {
    expectLimitOf30Met(await fortyLookupsSplit(redisCluster));
    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys).toEqual([`${keyPrefix}rate-limit:GET/api/public/tickets/:ticket-127.0.0.1`]);
    expect(await redis.get(keys[0]!)).toBe('40');
    const rows = (await redisCluster.a.ctx.deps.db.execute(
      sql`select count(*)::int as count from rate_limit_counters`,
    )) as unknown as { rows: { count: number }[] };
    expect(rows.rows[0]!.count).toBe(0);
  });
});
