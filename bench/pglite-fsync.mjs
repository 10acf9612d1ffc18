// `node bench/pglite-fsync.mjs [commits]` (default 500): what syncing the embedded database to the
// disk costs (decision 024). The same single-row insert commits one after another on a fresh data
// directory, first as PGlite starts by default (fsync off, and its file system ignores fsync), then
// as the server starts it (apps/server/src/db/pglite-durability.ts: fsync on, WAL synced with
// fsync(), a real fsync given to the file system); then a CHECKPOINT in each. Depends on the disk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const COMMITS = Number(process.argv[2] ?? 500);
const rows = [];
for (const mode of ['PGlite default (fsync off)', 'durable (the server default)', 'PGlite default (fsync off)', 'durable (the server default)']) {
  const durable = mode.startsWith('durable');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bantay-fsync-'));
  const startParams = durable ? [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'] : undefined;
  const db = await PGlite.create({ dataDir, ...(startParams ? { startParams } : {}) });
  let fsyncs = 0;
  if (durable) {
    const ops = db.Module.FS.lookupPath(db.Module.ENV.PGDATA).node.stream_ops;
    ops.fsync = (stream) => {
      fs.fsyncSync(stream.nfd);
      fsyncs += 1;
      return 0;
    };
  }
  await db.exec('create table bench_commits (id serial primary key, note text)');
  const started = performance.now();
  for (let i = 0; i < COMMITS; i += 1) await db.query('insert into bench_commits (note) values ($1)', [`commit ${i}`]);
  const elapsed = performance.now() - started;
  const checkpointStarted = performance.now();
  await db.exec('checkpoint');
  const checkpoint = performance.now() - checkpointStarted;
  rows.push(`| ${mode} | ${COMMITS} | ${(elapsed / COMMITS).toFixed(2)} | ${Math.round((COMMITS * 1000) / elapsed)} | ${fsyncs} | ${checkpoint.toFixed(0)} |`);
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nLoad average ${os.loadavg().map((load) => load.toFixed(1)).join(' / ')} on ${os.cpus().length} cores; Node ${process.version}; data directory under ${os.tmpdir()}.\n`);
console.log('| Embedded database | Commits | ms per commit | commits/s | fsync calls | CHECKPOINT (ms) |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
