import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';

const root = path.join(os.tmpdir(), `bantay-durability-${crypto.randomBytes(6).toString('hex')}`);
afterAll(() => fs.rm(root, { recursive: true, force: true }));

async function setting(database: Database, name: 'fsync' | 'wal_sync_method'): Promise<string> {
  const result = (await database.db.execute(sql`select current_setting(${name}) as value`)) as unknown as { rows: { value: string }[] };
  return result.rows[0]!.value;
}

// Each case creates a data directory from scratch (PGlite's initdb), which takes a while on a busy machine.
it('the embedded database on disk syncs every commit to the disk before it returns', { timeout: 180_000 }, async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'durable') });
  try {
    expect(await setting(database, 'fsync')).toBe('on');
    expect(await setting(database, 'wal_sync_method')).toBe('fsync');
    await database.db.execute(sql`create table durability_probe (n int)`);
    const fsyncs = database.pglite!.fsyncs!;
    for (let n = 1; n <= 3; n += 1) {
      const before = fsyncs.calls;
      await database.db.execute(sql`insert into durability_probe values (${n})`);
      expect(fsyncs.calls).toBeGreaterThan(before);
    }
  } finally {
    await database.close();
  }
});

// The in-memory databases of the tests keep it too: the health test sees them as not durable.
it('EMBEDDED_DB_FSYNC=false (durable: false) keeps PGlite’s own setting', { timeout: 180_000 }, async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'relaxed'), durable: false });
  try {
    expect(await setting(database, 'fsync')).toBe('off');
    expect(database.pglite!.fsyncs).toBeUndefined();
  } finally {
    await database.close();
  }
});
