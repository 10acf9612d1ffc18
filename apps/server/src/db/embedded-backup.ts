import fs from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from './client.ts';
import { dataDirHolder } from './data-dir-lock.ts';

/**
 * Backup and restore of the embedded database (decision 024): PGlite's own dump of its data
 * directory (a gzipped tar), taken while no server holds DATA_DIR, since PGlite admits one process.
 * PostgreSQL installations use pg_dump and pg_restore instead (README).
 */
export async function backupEmbeddedDatabase({ dataDir, databaseDir, file }: { dataDir: string; databaseDir: string; file: string }): Promise<{ file: string; bytes: number }> {
  await refuseWhileHeld(dataDir);
  await fs.access(path.join(databaseDir, 'PG_VERSION')).catch(() => {
    throw new Error(`no embedded database in ${databaseDir}`);
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: databaseDir });
  try {
    const dump = await database.pglite!.client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside its final name and renamed, so a half-written backup never looks complete.
    const partial = `${file}.partial`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, file);
    return { file, bytes: bytes.length };
  } finally {
    await database.close();
  }
}

/**
 * Replaces the embedded database with a backup. The backup is opened (and migrated to this
 * version) in a directory of its own first, so a damaged file changes nothing; the database it
 * replaces is kept beside it as `db.before-restore-<time>`.
 */
export async function restoreEmbeddedDatabase({
  dataDir,
  databaseDir,
  file,
  now = new Date(),
}: {
  dataDir: string;
  databaseDir: string;
  file: string;
  now?: Date;
}): Promise<{ keptAs: string | null }> {
  await refuseWhileHeld(dataDir);
  const backup = new Blob([await fs.readFile(file)]);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const incoming = `${databaseDir}.restoring-${stamp}`;
  await fs.rm(incoming, { recursive: true, force: true });
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: incoming, loadDataDir: backup });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await fs.rm(incoming, { recursive: true, force: true });
    throw new Error(`${file} is not a backup this version can open: ${(error as Error).message}`, { cause: error });
  }
  let keptAs: string | null = null;
  const existing = await fs.stat(databaseDir).catch(() => null);
  if (existing) {
    keptAs = `${databaseDir}.before-restore-${stamp}`;
    await fs.rename(databaseDir, keptAs);
  }
  await fs.rename(incoming, databaseDir);
  return { keptAs };
}

async function refuseWhileHeld(dataDir: string): Promise<void> {
  const holder = await dataDirHolder(dataDir);
  if (holder !== null) throw new Error(`the server (process ${holder}) is using ${dataDir}: stop it first (npm start again afterwards)`);
}

/** DATA_DIR/backups/bantay-2026-11-27T20-05-00Z.tar.gz */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  return path.join(dataDir, 'backups', `bantay-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`);
}
