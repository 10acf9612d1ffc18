import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase, migrationsFolder } from '../src/db/client.ts';
import type { TestProject } from 'vitest/node';
import { withAdminClient } from './database.ts';
import { preparePushServiceTls, type PushServiceTls } from './push-tls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    pgliteSnapshot: string;
    /** The local push service's certificate, trusted through NODE_EXTRA_CA_CERTS (test/push-tls.ts). */
    pushServiceTls: PushServiceTls;
  }
}

/**
 * Prepares what the test files start from: the local push service's certificate, trusted by the
 * workers forked after this, and the migrated database every test file's own is cloned from.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const push = await preparePushServiceTls();
  project.provide('pushServiceTls', push.tls);
  const teardown = await prepareDatabase(project);
  return async () => {
    await teardown();
    await push.release();
  };
}

async function prepareDatabase(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.BANTAY_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const template = `bantay_tpl_${crypto.randomBytes(4).toString('hex')}`;
    await withAdminClient(adminUrl, (client) => client.query(`create database ${template}`));
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await database.migrate();
    await database.close();
    project.provide('templateDatabase', template);
    return async () => {
      await withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${template} with (force)`));
    };
  }
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-test-'));
  const file = path.join(dir, 'snapshot.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
