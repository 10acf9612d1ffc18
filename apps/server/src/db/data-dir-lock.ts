import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * One process at a time on an embedded database: PGlite takes no lock of its own (its
 * postmaster.pid holds a made-up pid), and two processes writing one data directory corrupt it.
 * The server holds DATA_DIR/server.pid while it runs; the backup and restore commands refuse to
 * touch the database while a live process holds it. A file left by a killed server names a pid
 * that no longer runs, so it does not block the restart.
 */
export function lockFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

/** The pid of a live process holding DATA_DIR, or null. */
export async function dataDirHolder(dataDir: string): Promise<number | null> {
  let pid: number;
  try {
    pid = Number((await fs.readFile(lockFile(dataDir), 'utf8')).trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Claims DATA_DIR for this process; throws when another live process holds it. */
export async function lockDataDir(dataDir: string): Promise<{ release(): Promise<void> }> {
  const holder = await dataDirHolder(dataDir);
  if (holder !== null) {
    throw new Error(`process ${holder} is using ${dataDir} (see ${lockFile(dataDir)}): stop it first, two processes on one embedded database corrupt it`);
  }
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(lockFile(dataDir), `${process.pid}\n`);
  return {
    release: async () => {
      const current = await fs.readFile(lockFile(dataDir), 'utf8').catch(() => '');
      if (current.trim() === String(process.pid)) await fs.rm(lockFile(dataDir), { force: true });
    },
  };
}
