import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, signIn, type TestContext } from '../../test/harness.ts';
import { connected, nextEvent, startRealtime, type RealtimeTestServer, type TestSocket } from '../../test/realtime.ts';
import { userRoom } from './rooms.ts';

// Two app instances on one PostgreSQL database, each with its socket server, as two server
// processes behind a load balancer.
let first: { ctx: TestContext; server: RealtimeTestServer };
let second: { ctx: TestContext; server: RealtimeTestServer };
beforeAll(async () => {
  const firstCtx = await createTestContext();
  first = { ctx: firstCtx, server: await startRealtime(firstCtx) };
  const secondCtx = await createTestContext({ secondInstanceOf: firstCtx });
  second = { ctx: secondCtx, server: await startRealtime(secondCtx) };
});
afterAll(async () => {
  await second?.server.close();
  await second?.ctx.close();
  await first?.server.close();
  await first?.ctx.close();
});

async function socketOn(instance: typeof first): Promise<{ socket: TestSocket; userId: string }> {
  const user = await createUser(instance.ctx);
  const socket = await connected(instance.server.client(await signIn(instance.ctx, user)));
  return { socket, userId: user.id };
}

/** Takes every connection of the pool, so nothing on this instance can reach PostgreSQL until released. */
async function exhaust(pool: pg.Pool): Promise<pg.PoolClient[]> {
  const held: pg.PoolClient[] = [];
  while (pool.idleCount > 0 || pool.totalCount < (pool.options.max ?? 10)) held.push(await pool.connect());
  return held;
}

const typing = (conversationId: string, userId: string) => ({ conversationId, userId });

describe('events across two instances', () => {
  it('an event for a user reaches their socket on the other instance, once', async () => {
    const { socket, userId } = await socketOn(second);
    const received: unknown[] = [];
    socket.on('userTyping', (payload) => received.push(payload));
    const arrived = nextEvent(socket, 'userTyping');
    first.server.realtime.io.to(userRoom(userId)).emit('userTyping', typing('c-1', userId));
    expect(await arrived).toEqual(typing('c-1', userId));
    // A second event after it: had the first been delivered twice, the copy would come before it.
    const marker = nextEvent(socket, 'userTyping', (payload) => payload.conversationId === 'c-2');
    first.server.realtime.io.to(userRoom(userId)).emit('userTyping', typing('c-2', userId));
    await marker;
    expect(received).toEqual([typing('c-1', userId), typing('c-2', userId)]);
  });

  it("this instance's sockets get an event at once, without waiting for PostgreSQL; the other instance gets it when PostgreSQL answers", async () => {
    const here = await socketOn(first);
    const there = await socketOn(second);
    const pool = first.ctx.database.pool!;
    const held = await exhaust(pool);
    let releasedAt: number | null = null;
    try {
      const receivedThere = nextEvent(there.socket, 'userTyping').then(() => releasedAt);
      first.server.realtime.io.to([userRoom(here.userId), userRoom(there.userId)]).emit('userTyping', typing('c-3', here.userId));
      expect(await nextEvent(here.socket, 'userTyping')).toEqual(typing('c-3', here.userId));
      // The notification for the other instance is still waiting for a connection.
      expect(pool.waitingCount).toBeGreaterThan(0);
      releasedAt = Date.now();
      for (const client of held.splice(0)) client.release();
      expect(await receivedThere).toBe(releasedAt);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('an event sent to local sockets only stays on its instance', async () => {
    const { socket, userId } = await socketOn(second);
    const received: string[] = [];
    socket.on('userTyping', (payload) => received.push(payload.conversationId));
    first.server.realtime.io.local.to(userRoom(userId)).emit('userTyping', typing('local-only', userId));
    const marker = nextEvent(socket, 'userTyping', (payload) => payload.conversationId === 'after');
    first.server.realtime.io.to(userRoom(userId)).emit('userTyping', typing('after', userId));
    await marker;
    expect(received).toEqual(['after']);
  });
});
