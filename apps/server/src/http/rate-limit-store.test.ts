import crypto from 'node:crypto';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { TEST_REDIS_URL } from '../../test/two-instances.ts';
import { openRateLimitStorage, type RateLimitStorage } from './rate-limit-store.ts';

const quiet = { warn() {} };
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A TCP relay to the test Redis that can be cut, standing for Redis going away mid-run. */
async function relayToRedis(): Promise<{ url: string; cut(): void }> {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => relay.close(resolve)));
  return {
    url: `redis://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    cut() {
      relay.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** An app with one route limited to `max` calls, counting in `storage`. */
async function limitedApp(storage: RateLimitStorage, max: number): Promise<FastifyInstance> {
  const app = Fastify();
  app.addHook('onClose', () => storage.close());
  await app.register(rateLimit, { global: false, ...storage.options });
  app.get('/limited', { config: { rateLimit: { max, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  await app.ready();
  closers.push(() => app.close());
  return app;
}

describe('the rate-limit store', () => {
  it('counts in memory on the embedded database (no pool, no REDIS_URL)', async () => {
    expect((await openRateLimitStorage({ redis: undefined, pool: undefined, log: quiet })).kind).toBe('memory');
  });

  it('refuses to start with a Redis that cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    await expect(
      openRateLimitStorage({
        redis: { url: `redis://127.0.0.1:${closedPort}`, keyPrefix: 'x:' },
        pool: undefined,
        log: quiet,
      }),
    ).rejects.toThrow();
  });

  it('lets calls through while Redis is unreachable, rather than refusing every sign-in', async () => {
    const relay = await relayToRedis();
    const keyPrefix = `bantay-test-${crypto.randomBytes(6).toString('hex')}:`;
    const warnings: string[] = [];
    const storage = await openRateLimitStorage({
      redis: { url: relay.url, keyPrefix },
      pool: undefined,
      log: { warn: (_data, message) => warnings.push(message) },
    });
    expect(storage.kind).toBe('redis');
    const app = await limitedApp(storage, 1);
    expect((await app.inject({ url: '/limited' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/limited' })).statusCode).toBe(429);

    relay.cut();
    expect((await app.inject({ url: '/limited' })).statusCode).toBe(200);
    expect(warnings).toContain('rate-limit store: Redis unreachable');

    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('reads REDIS_URL and its key prefix from the configuration, refusing a URL that is not redis://', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache.lan:6379/2' }).redis).toEqual({
      url: 'redis://cache.lan:6379/2',
      keyPrefix: 'bantay:',
    });
    expect(loadConfig({}).redis).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://cache.lan' })).toThrow(ConfigError);
  });
});
