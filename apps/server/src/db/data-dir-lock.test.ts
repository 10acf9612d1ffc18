import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { dataDirHolder, lockDataDir, lockFile } from './data-dir-lock.ts';

const dataDir = path.join(os.tmpdir(), `bantay-lock-${crypto.randomBytes(6).toString('hex')}`);
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

it('a server holds DATA_DIR while it runs, and a second process on it is refused', async () => {
  const lock = await lockDataDir(dataDir);
  expect((await fs.readFile(lockFile(dataDir), 'utf8')).trim()).toBe(String(process.pid));
  // Another live process (the test runner's parent) holding it: refused.
  await fs.writeFile(lockFile(dataDir), `${process.ppid}\n`);
  expect(await dataDirHolder(dataDir)).toBe(process.ppid);
  await expect(lockDataDir(dataDir)).rejects.toThrow(`process ${process.ppid} is using ${dataDir}`);
  // Releasing leaves another holder's file alone.
  await lock.release();
  expect(await dataDirHolder(dataDir)).toBe(process.ppid);
});

it('a file left by a killed server (its pid no longer runs) blocks nothing', async () => {
  // Pids above the kernel's limit (pid_max is at most 4194304) never run.
  await fs.writeFile(lockFile(dataDir), '4194999\n');
  expect(await dataDirHolder(dataDir)).toBeNull();
  const lock = await lockDataDir(dataDir);
  await lock.release();
  await expect(fs.access(lockFile(dataDir))).rejects.toThrow();
});
