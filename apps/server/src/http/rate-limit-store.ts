import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type pg from 'pg';

/**
 * Where the per-IP rate limits count (decision 021). Every limit in the app is a route's
 * `config.rateLimit` for @fastify/rate-limit, or a count made with its `createRateLimit`
 * (public-guards.ts `addressCounter`), so one store serves them all:
 * - Redis when REDIS_URL is set: @fastify/rate-limit's own Redis store (one Lua call a hit);
 * - PostgreSQL when the app runs on it: the `rate_limit_counters` table, one upsert a hit;
 * - memory on the embedded database, where there is only ever one instance.
 * With either shared store, 40 calls split over two instances meet a limit of 30 as one would.
 */
export interface RateLimitStorage {
  kind: 'memory' | 'postgres' | 'redis';
  /** Spread into @fastify/rate-limit's registration. */
  options: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace' | 'skipOnError'>;
  close(): Promise<void>;
}

export interface RateLimitStorageOptions {
  redis: { url: string; keyPrefix: string } | undefined;
  /** The app's PostgreSQL pool, when it runs on PostgreSQL. */
  pool: pg.Pool | undefined;
  log: { warn(data: object, message: string): void };
}

export async function openRateLimitStorage({ redis, pool, log }: RateLimitStorageOptions): Promise<RateLimitStorage> {
  if (redis) {
    // No offline queue: while Redis is unreachable a hit fails at once instead of waiting for a
    // reconnection, and skipOnError lets the call through. A Redis outage then lifts the limits
    // for its duration rather than refusing every sign-in and emergency report.
    const client = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on('error', (error: Error) => log.warn({ err: error }, 'rate-limit store: Redis unreachable'));
    // A wrong REDIS_URL stops the start, as a wrong DATABASE_URL does (and stops the client's retries).
    await client.connect().catch((error: unknown) => {
      client.disconnect();
      throw error;
    });
    return {
      kind: 'redis',
      options: { redis: client, nameSpace: `${redis.keyPrefix}rate-limit:`, skipOnError: true },
      close: async () => {
        await client.quit().catch(() => client.disconnect());
      },
    };
  }
  if (pool) return { kind: 'postgres', options: { store: postgresRateLimitStore(pool) }, close: async () => {} };
  return { kind: 'memory', options: {}, close: async () => {} };
}

/**
 * One hit: the row's window is reused while it lasts and restarted once past, both decided by the
 * database's clock, so instances whose clocks differ still agree on the window.
 */
const HIT = `
  insert into rate_limit_counters as c (key, hits, window_ends_at)
  values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
  on conflict (key) do update set
    hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
    window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
  returning hits, greatest(0, ceil(extract(epoch from c.window_ends_at - now()) * 1000))::int as ttl_ms`;

const SWEEP = `delete from rate_limit_counters where window_ends_at < now() - interval '1 minute'`;
/** How many hits of this process between two sweeps of the windows that are over. */
const HITS_PER_SWEEP = 1_000;

/** The route options @fastify/rate-limit gives `child`: the route's limit merged into the plugin's. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** A store for @fastify/rate-limit on the `rate_limit_counters` table (fixed windows, as its memory store). */
function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;
  const sweep = () => {
    hitsSinceSweep = 0;
    // Only housekeeping: a failed sweep is retried after the next thousand hits.
    pool.query(SWEEP).catch(() => {});
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly keyPrefix: string;

    constructor(_options: unknown, keyPrefix = '') {
      this.keyPrefix = keyPrefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      pool.query<{ hits: number; ttl_ms: number }>(HIT, [this.keyPrefix + key, timeWindow]).then(
        ({ rows: [row] }) => {
          callback(null, { current: row!.hits, ttl: row!.ttl_ms });
          hitsSinceSweep += 1;
          if (hitsSinceSweep >= HITS_PER_SWEEP) sweep();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const { routeInfo, continueExceeding, exponentialBackoff } = routeOptions as ChildOptions;
      // Neither is used by any route; refusing them here beats counting them wrong silently.
      if (continueExceeding || exponentialBackoff)
        throw new Error('The PostgreSQL rate-limit store counts fixed windows only');
      // As @fastify/rate-limit's Redis store: each limited route counts apart.
      return new PostgresRateLimitStore(undefined, `${String(routeInfo?.method ?? '')}${routeInfo?.url ?? ''}-`);
    }
  }
  return PostgresRateLimitStore;
}
