import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';

/**
 * Every test file gets its own fresh, migrated database, so files run in parallel and never see
 * each other's rows. On PGlite the migrated state is a snapshot made once by the global setup; on
 * PostgreSQL each file clones a migrated template database.
 */
export async function openTestDatabase(): Promise<Database> {
  const kind = process.env.BANTAY_TEST_DB ?? 'pglite';
  if (kind === 'postgres') {
    const adminUrl = requireEnv('TEST_DATABASE_URL');
    const template = inject('templateDatabase');
    const name = `bantay_t_${crypto.randomBytes(6).toString('hex')}`;
    await withAdminClient(adminUrl, (client) => client.query(`create database ${name} template ${template}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return {
      ...database,
      close: async () => {
        await database.close();
        await dropWhenClosed(adminUrl, name);
      },
    };
  }
  const snapshot = inject('pgliteSnapshot');
  const buffer = await fs.readFile(snapshot);
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([buffer]) });
}

/**
 * An empty PostgreSQL database, not cloned from the migrated template: what an operator starts
 * instances on the first time. `drop` removes it once every connection to it has closed.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = requireEnv('TEST_DATABASE_URL');
  const name = `bantay_e_${crypto.randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropWhenClosed(adminUrl, name) };
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * pool.end() resolves once every connection has been asked to end, not once the server has seen
 * it go. Dropping "with (force)" then kills connections that are still closing, and their clients
 * report it as an unhandled error; so wait for them to go instead, as a plain drop requires.
 */
async function dropWhenClosed(adminUrl: string, name: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  await withAdminClient(adminUrl, async (client) => {
    for (;;) {
      try {
        await client.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        const inUse = (error as { code?: string }).code === '55006';
        if (!inUse || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the server tests through vitest (see vitest.config.ts)`);
  return value;
}
