import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import type { Lifecycle } from './health.routes.ts';

let ctx: TestContext;
let app: FastifyInstance;
const lifecycle: Lifecycle = { shuttingDown: false };
let tokens: Record<'supadmin' | 'admin' | 'tanod' | 'resident', string>;

beforeAll(async () => {
  ctx = await createTestContext();
  // A second app on the same dependencies, holding the lifecycle main.ts would flip on SIGTERM.
  app = await buildApp({ deps: ctx.deps, database: ctx.database, lifecycle });
  await app.ready();
  tokens = {
    supadmin: await signIn(ctx, await createUser(ctx, { userType: 'supadmin' })),
    admin: await signIn(ctx, await createUser(ctx, { userType: 'admin' })),
    tanod: await signIn(ctx, await createUser(ctx, { userType: 'tanod' })),
    resident: await signIn(ctx, await createUser(ctx, { userType: 'resident', phoneNumber: '+639171234567' })),
  };
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const health = (token?: string) =>
  app.inject({ method: 'GET', url: '/api/health', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/health', () => {
  it('tells the public only up or down: no driver, version or runtime', async () => {
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'up' });
    expect(response.body).not.toMatch(/PostgreSQL|pglite|postgres|node/i);
  });

  it('gives staff below supadmin, residents and a made-up token the same public answer', async () => {
    for (const token of [tokens.admin, tokens.tanod, tokens.resident, 'not-a-token']) {
      const response = await health(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'up' });
    }
  });

  it('shows a signed-in supadmin the database, its version and durability, and the runtime', async () => {
    const body = (await health(tokens.supadmin)).json();
    expect(body.status).toBe('up');
    expect(body.details.database).toMatchObject({ driver: ctx.database.driver, status: 'up' });
    expect(body.details.database.version).toMatch(/PostgreSQL/);
    // The test databases live in memory (PGlite) or on a server: neither is the durable data directory.
    expect(body.details.database.durable).toBe(ctx.database.driver === 'pglite' ? false : null);
    expect(body.details.node).toBe(process.version);
    expect(body.details.shuttingDown).toBe(false);
  });

  it('answers 503 down when the database does not answer', async () => {
    const broken = await buildApp({
      deps: ctx.deps,
      database: { driver: ctx.database.driver, pool: undefined, version: () => Promise.reject(new Error('connection refused')) },
    });
    const response = await broken.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'down' });
    const ready = await broken.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'database_down' });
    await broken.close();
  });
});

describe('GET /api/health/ready', () => {
  it('is ready while the instance runs, and answers 503 once it starts shutting down while liveness stays up', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    lifecycle.shuttingDown = true;
    try {
      const closing = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(closing.statusCode).toBe(503);
      expect(closing.json()).toEqual({ status: 'shutting_down' });
      expect((await health()).statusCode).toBe(200);
      expect((await health(tokens.supadmin)).json().details.shuttingDown).toBe(true);
    } finally {
      lifecycle.shuttingDown = false;
    }
  });
});
