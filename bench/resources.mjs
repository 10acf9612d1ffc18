// `PORT=3016 node bench/resources.mjs [borrows]` (default 200; run `npm run build` first).
//
// The cost of the resources design on the real, built server and a fresh embedded database with
// the demo data (DATABASE_URL=… runs it on an empty PostgreSQL database). Same run, same requests:
//   borrow: `borrows` loans issued 20 at a time, all of ONE item (every borrow waits for the item's
//           row lock) against the same number spread over 24 items (the baseline: little waiting);
//   read:   GET /api/inventory (available computed from the loans table on every read) with the
//           demo's 13 loans, then again once the borrows above added theirs.
// Prints throughput, p50/p95 latency and the server's CPU time per request (user + system from
// /proc/<pid>/stat), the steadier figure on a busy machine.
import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { startServer } from './lib/server.mjs';

const BORROWS = Number(process.argv[2] ?? 200);
const CONCURRENCY = 20;
const READS = 60;
const PASSWORD = 'Bantay-demo-2026';

const server = await startServer({ port: process.env.PORT ? Number(process.env.PORT) : undefined });
try {
  const api = async (method, path, token, body) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const login = async (username) => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    return (await response.json()).token;
  };
  const admin = await login('admin');
  const { users: tanods } = await api('GET', '/api/auth/users', admin);
  const tanodIds = tanods.filter((user) => user.userType === 'tanod').map((user) => user._id);

  const percentile = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  };
  /** The server process's CPU time so far, in ms (Linux clock ticks are 10 ms). */
  const serverCpuMs = async () => {
    const fields = (await fs.readFile(`/proc/${server.pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const timed = async (work) => {
    const start = performance.now();
    await work();
    return performance.now() - start;
  };

  async function borrowPhase(itemIds) {
    const latencies = [];
    let next = 0;
    const cpuBefore = await serverCpuMs();
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let index = next++; index < BORROWS; index = next++) {
          const body = { itemId: itemIds[index % itemIds.length], borrowerId: tanodIds[index % tanodIds.length], quantity: 1 };
          latencies.push(await timed(() => api('POST', '/api/loans', admin, body)));
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const cpuPerBorrow = ((await serverCpuMs()) - cpuBefore) / BORROWS;
    return { perSecond: BORROWS / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), cpuPerBorrow };
  }

  async function readPhase() {
    const latencies = [];
    const cpuBefore = await serverCpuMs();
    for (let i = 0; i < READS; i += 1) latencies.push(await timed(() => api('GET', '/api/inventory', admin)));
    const cpuPerRead = ((await serverCpuMs()) - cpuBefore) / READS;
    return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), cpuPerRead };
  }

  const makeItem = (name) => api('POST', '/api/inventory', admin, { name, category: 'other', total: 10_000 });
  // Warm up (JIT, caches, connections) so the baseline is not the cold start.
  await readPhase();
  const readBefore = await readPhase();
  const one = await makeItem('Bench: one contended item');
  const spread = [];
  for (let i = 0; i < 24; i += 1) spread.push(await makeItem(`Bench: spread item ${i + 1}`));
  const spreadFigures = await borrowPhase(spread.map((item) => item._id));
  const oneFigures = await borrowPhase([one._id]);
  const readAfter = await readPhase();

  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(`\nResources on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${BORROWS} borrows, ${CONCURRENCY} at a time`);
  console.log('| Phase | Borrows/s | p50 | p95 | Server CPU per borrow |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, f] of [['spread over 24 items (baseline)', spreadFigures], ['all on one item (row lock)', oneFigures]]) {
    console.log(`| ${name} | ${f.perSecond.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.cpuPerBorrow)} |`);
  }
  console.log('\n| GET /api/inventory | p50 | p95 | Server CPU per read |');
  console.log('|---|---:|---:|---:|');
  console.log(`| 24 items, 13 loans (baseline) | ${ms(readBefore.p50)} | ${ms(readBefore.p95)} | ${ms(readBefore.cpuPerRead)} |`);
  console.log(`| 49 items, ${13 + 2 * BORROWS} loans | ${ms(readAfter.p50)} | ${ms(readAfter.p95)} | ${ms(readAfter.cpuPerRead)} |`);
  console.log(`\nLoad average at the end: ${(await fs.readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' / ')}`);
} finally {
  await server.stop();
}
