import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from './harness.ts';
import { connected, nextEvent } from './realtime.ts';
import { startTwoInstances, type Instance, type TwoInstances } from './two-instances.ts';

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
});

describe('rate limits across two instances, counted in PostgreSQL', () => {
  it('40 ticket lookups split over A and B meet the limit of 30', async () => {
    expectLimitOf30Met(await fortyLookupsSplit(cluster));
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
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
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
