import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';
import { lockFile } from './data-dir-lock.ts';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from './embedded-backup.ts';

// The embedded database on disk, as `npm start` keeps it, whichever database the suite runs on.
const dataDir = path.join(os.tmpdir(), `bantay-backup-${crypto.randomBytes(6).toString('hex')}`);
const databaseDir = path.join(dataDir, 'db');
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir: databaseDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function probeNotes(database: Database): Promise<string[]> {
  const result = (await database.db.execute(sql`select note from backup_probe order by note`)) as unknown as { rows: { note: string }[] };
  return result.rows.map((row) => row.note);
}

it('a backup taken with the server stopped restores the database as it was, keeping the one it replaced', { timeout: 300_000 }, async () => {
  await withDatabase(async (database) => {
    await database.migrate();
    await database.db.execute(sql`create table backup_probe (note text not null)`);
    await database.db.execute(sql`insert into backup_probe values ('backup-test-before')`);
  });
  const file = path.join(dataDir, 'backups', 'one.tar.gz');
  const { bytes } = await backupEmbeddedDatabase({ dataDir, databaseDir, file });
  expect(bytes).toBeGreaterThan(100_000);
  expect(await fs.readdir(path.dirname(file))).toEqual(['one.tar.gz']);

  // Life goes on after the backup...
  await withDatabase((database) => database.db.execute(sql`insert into backup_probe values ('backup-test-after')`));
  // ...then the backup comes back.
  const { keptAs } = await restoreEmbeddedDatabase({ dataDir, databaseDir, file, now: new Date('2026-11-27T20:00:00Z') });
  expect(keptAs).toBe(`${databaseDir}.before-restore-2026-11-27T20-00-00-000Z`);
  expect(await withDatabase(probeNotes)).toEqual(['backup-test-before']);

  const keptDatabase = await openDatabase({ kind: 'pglite', dataDir: keptAs! });
  expect(await probeNotes(keptDatabase)).toEqual(['backup-test-after', 'backup-test-before']);
  await keptDatabase.close();
});

it('refuses to back up or restore while a live process holds DATA_DIR, and refuses a file that is no backup', { timeout: 180_000 }, async () => {
  // The parent process (the test runner) is alive and is not this process.
  await fs.writeFile(lockFile(dataDir), `${process.ppid}\n`);
  const file = path.join(dataDir, 'backups', 'two.tar.gz');
  await expect(backupEmbeddedDatabase({ dataDir, databaseDir, file })).rejects.toThrow(/is using .*stop it first/);
  await expect(restoreEmbeddedDatabase({ dataDir, databaseDir, file })).rejects.toThrow(/is using .*stop it first/);
  await fs.rm(lockFile(dataDir));

  const notABackup = path.join(dataDir, 'not-a-backup.tar.gz');
  await fs.writeFile(notABackup, 'hello');
  await expect(restoreEmbeddedDatabase({ dataDir, databaseDir, file: notABackup })).rejects.toThrow(/is not a backup/);
  // The database in place is untouched.
  expect(await withDatabase(probeNotes)).toEqual(['backup-test-before']);
});
