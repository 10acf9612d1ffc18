import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import type { Realtime } from '../src/realtime/socket-server.ts';
import { createTestContext, type TestContext, type TestContextOptions } from './harness.ts';
import { startRealtime, type TestSocket } from './realtime.ts';

/** The Redis of the tests (REDIS_URL): TEST_REDIS_URL, else the one this machine runs. Give each test a key prefix of its own. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One of the two app instances: its own pool, caches, event bus, DATA_DIR, port and socket server. */
export interface Instance {
  name: 'A' | 'B';
  ctx: TestContext;
  /** `http://127.0.0.1:<port>`: the instance's own address, for fetch and sockets. */
  url: string;
  realtime: Realtime;
  /** A socket.io client of this instance (websocket transport, no reconnection), closed by `close()`. */
  client(token?: string, options?: Partial<ManagerOptions & SocketOptions>): TestSocket;
}

export interface TwoInstances {
  a: Instance;
  b: Instance;
  /** Closes the clients, both socket servers and apps, then drops the database. */
  close(): Promise<void>;
}

export interface TwoInstancesOptions {
  /** Configuration of both instances, e.g. `{ REDIS_URL }` or a lower limit. */
  env?: Record<string, string>;
  /** Configuration of one instance only, on top of `env`. */
  envA?: Record<string, string>;
  envB?: Record<string, string>;
  /** Replaced dependencies of each instance (as createTestContext's `deps`). */
  depsA?: TestContextOptions['deps'];
  depsB?: TestContextOptions['deps'];
}

/**
 * Two real app instances on one fresh PostgreSQL database (a clone of the migrated template), as
 * two server processes behind a load balancer would be: each listens on its own port with its
 * socket server attached through the postgres adapter, keeps its own caches and DATA_DIR, and
 * hears the other only through PostgreSQL (cache invalidation, the adapter) or the rate-limit
 * store. They share the token signing key, as instances of one installation do.
 *
 * Only on the PostgreSQL project (`*.postgres.test.ts`). Call once per file (beforeAll), close in
 * afterAll. Jobs and the delivery worker are not started, as in createTestContext: a test that
 * needs them starts them on `a.ctx.deps` / `b.ctx.deps`.
 */
export async function startTwoInstances(options: TwoInstancesOptions = {}): Promise<TwoInstances> {
  const started: { ctx: TestContext; close?: () => Promise<void> }[] = [];
  try {
    const ctxA = await createTestContext({ env: { ...options.env, ...options.envA }, deps: options.depsA });
    started.push({ ctx: ctxA });
    if (!ctxA.database.pool)
      throw new Error('two instances need PostgreSQL: run this file in the server:postgres project');
    const ctxB = await createTestContext({
      env: { ...options.env, ...options.envB },
      deps: options.depsB,
      secondInstanceOf: ctxA,
    });
    started.push({ ctx: ctxB });
    const serverA = await startRealtime(ctxA);
    started[0]!.close = () => serverA.close();
    const serverB = await startRealtime(ctxB);
    started[1]!.close = () => serverB.close();
    const instance = (name: 'A' | 'B', ctx: TestContext, server: typeof serverA): Instance => ({
      name,
      ctx,
      url: server.url,
      realtime: server.realtime,
      client: (token, clientOptions) => server.client(token, clientOptions),
    });
    return {
      a: instance('A', ctxA, serverA),
      b: instance('B', ctxB, serverB),
      close: () => closeAll(started),
    };
  } catch (error) {
    await closeAll(started);
    throw error;
  }
}

/**
 * Sockets first (both instances), then the apps, B before A: A's context owns the database and
 * drops it once B's pool has let go.
 */
async function closeAll(started: { ctx: TestContext; close?: () => Promise<void> }[]): Promise<void> {
  for (const { close } of [...started].reverse()) await close?.();
  for (const { ctx } of [...started].reverse()) await ctx.close();
}
