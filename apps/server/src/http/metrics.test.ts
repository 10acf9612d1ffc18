import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { deliveries } from '../db/schema/index.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../test/harness.ts';
import { connected, startRealtime, type RealtimeTestServer } from '../../test/realtime.ts';
import { ConfigError } from '../config.ts';
import { createMetrics, type MetricsServer } from './metrics.ts';

let ctx: TestContext;
let app: FastifyInstance;
let server: MetricsServer;
let realtime: RealtimeTestServer;

beforeAll(async () => {
  ctx = await createTestContext();
  const metrics = createMetrics({ db: ctx.deps.db, clock: ctx.deps.clock });
  // An app built with metrics, as main.ts builds it when METRICS_PORT is set.
  app = await buildApp({ deps: ctx.deps, database: ctx.database, metrics });
  await app.ready();
  realtime = await startRealtime(ctx);
  metrics.countSockets(() => realtime.realtime.io.of('/').sockets.size);
  server = await metrics.serve(0, '127.0.0.1');
});
afterAll(async () => {
  await server.close();
  await realtime.close();
  await app.close();
  await ctx.close();
});

const scrape = async () => {
  const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

it('serves Prometheus metrics on its own port only: the app has no /metrics', async () => {
  expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  expect((await fetch(`http://127.0.0.1:${server.port}/anything-else`)).status).toBe(404);
  expect(await scrape()).toContain('bantay_process_resident_memory_bytes');
});

it('times requests by route pattern, not by the ids in the path', async () => {
  await app.inject({ method: 'GET', url: '/api/health' });
  await app.inject({ method: 'GET', url: '/api/incidents/00000000-0000-4000-8000-000000000000' });
  const text = await scrape();
  expect(text).toMatch(/bantay_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/);
  expect(text).toMatch(/bantay_http_request_duration_seconds_count\{method="GET",route="\/api\/incidents\/:id",status_code="401"\} 1/);
  expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
});

it('counts connected sockets on this instance', async () => {
  const token = await signIn(ctx, await createUser(ctx, { userType: 'tanod' }));
  const socket = await connected(realtime.client(token));
  expect(await scrape()).toMatch(/^bantay_sockets_connected 1$/m);
  // Waits for the server's side of the socket to close, not the client's.
  const [serverSide] = realtime.realtime.io.of('/').sockets.values();
  const gone = new Promise((resolve) => serverSide!.once('disconnect', resolve));
  socket.disconnect();
  await gone;
  expect(await scrape()).toMatch(/^bantay_sockets_connected 0$/m);
});

it('reports the delivery queue: how late the oldest due send is, what waits and what failed, by channel', async () => {
  const now = ctx.deps.clock.now();
  await ctx.deps.db.insert(deliveries).values([
    { channel: 'sms', target: '+639171234567', payload: { text: 'a' }, kind: 'test', nextAttemptAt: new Date(now.getTime() - 90_000) },
    { channel: 'sms', target: '+639171234567', payload: { text: 'b' }, kind: 'test', nextAttemptAt: new Date(now.getTime() - 10_000) },
    // Due later (a retry after a backoff): waiting, not late.
    { channel: 'email', target: 'a@example.test', payload: { subject: 's', text: 't' }, kind: 'test', nextAttemptAt: new Date(now.getTime() + 60_000) },
    { channel: 'push', target: 'subscription', payload: {}, kind: 'test', status: 'failed', lastError: 'gone' },
  ]);
  const text = await scrape();
  const value = (name: string, channel: string) => Number(new RegExp(`^${name}\\{channel="${channel}"\\} ([\\d.]+)$`, 'm').exec(text)?.[1]);
  expect(value('bantay_delivery_lag_seconds', 'sms')).toBeGreaterThanOrEqual(90);
  expect(value('bantay_delivery_lag_seconds', 'email')).toBe(0);
  expect(value('bantay_deliveries_pending', 'sms')).toBe(2);
  expect(value('bantay_deliveries_pending', 'email')).toBe(1);
  expect(value('bantay_deliveries_failed', 'push')).toBe(1);
  expect(value('bantay_deliveries_failed', 'sms')).toBe(0);
});

it('a port already in use (another instance given the same METRICS_PORT) stops the start with a message naming METRICS_PORT and the address', async () => {
  const second = createMetrics({ db: ctx.deps.db, clock: ctx.deps.clock });
  const failure = await second.serve(server.port, '127.0.0.1').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ConfigError);
  expect((failure as Error).message).toMatch(new RegExp(`^METRICS_PORT=${server.port}: 127\\.0\\.0\\.1:${server.port} is already in use`));
});
