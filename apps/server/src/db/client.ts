import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema/index.ts';
import { durableStartParams, installRealFsync, type FsyncCounter } from './pglite-durability.ts';

/** One type for both drivers: repositories are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Server version string, for the health check. */
  version(): Promise<string>;
  /** The node-postgres pool when on a server (the socket.io adapter needs it). */
  pool: pg.Pool | undefined;
  close(): Promise<void>;
  /** The embedded database itself (backups dump it), and its fsync count when durable. */
  pglite?: { client: PGlite; fsyncs: FsyncCounter | undefined };
}

/**
 * Migrations sit beside this file in the source tree and beside the bundle in dist/, so the same
 * relative lookup works in both.
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.join(here, 'migrations');
}

/**
 * `durable` (default true) syncs the embedded database's writes to the disk, so a power cut loses
 * no acknowledged commit (db/pglite-durability.ts); it applies only to a data directory on disk.
 */
export type DatabaseTarget = { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; durable?: boolean } | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server drops (a restart, an administrator) is replaced on the next
    // query; without this listener the pool's 'error' event would crash the process.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      pool,
      migrate: () => migrateUnderLock(pool),
      version: () => serverVersion(db),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) await fs.mkdir(target.dataDir, { recursive: true });
  const durable = Boolean(target.dataDir) && target.durable !== false;
  const client = await PGlite.create({
    dataDir: target.dataDir,
    loadDataDir: target.loadDataDir,
    ...(durable ? { startParams: durableStartParams() } : {}),
  });
  const fsyncs = durable ? installRealFsync(client) : undefined;
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pool: undefined,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: migrationsFolder() }),
    version: () => serverVersion(db),
    close: () => client.close(),
    pglite: { client, fsyncs },
  };
}

/**
 * The key of the session-level advisory lock that migrations take: any fixed 64-bit number, the
 * same in every instance ("bantay-m" in ASCII).
 */
const MIGRATION_LOCK_KEY = 0x62616e7461792d6dn;

/**
 * Drizzle's migrator takes no lock: two instances starting together on a fresh database both
 * begin creating the same types and tables, and one fails on a duplicate key. So one connection
 * holds a PostgreSQL advisory lock for the whole migration; an instance that comes second waits,
 * then finds every migration applied and does nothing. The lock belongs to the session, so it is
 * let go even if this process dies while holding it.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    // A connection whose state is unknown (the unlock may not have run) is closed, not pooled:
    // closing it ends the session and with it the lock.
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}

async function serverVersion(db: Db): Promise<string> {
  const result = (await db.execute(sql`select version() as version`)) as unknown as
    | { rows: { version: string }[] }
    | { version: string }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return rows[0]?.version ?? 'unknown';
}
