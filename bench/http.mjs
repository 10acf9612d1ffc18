// `node bench/http.mjs [seconds] [--only=pglite|postgres] [--baseline=<server dist dir>]` (default 10 s per
// endpoint; run `npm run build` first). `--baseline` also drives an older build of the server in the same
// run (e.g. main's, built into .tmp/base/apps/server/dist), for before/after figures.
//
// How much of what Fastify itself can do does Bantay's request path keep? In one run:
//   1. a bare Fastify hello-world (the baseline, same machine, same moment);
//   2. the built Bantay server on the embedded database (PGlite), with demo data;
//   3. the same on PostgreSQL (a throwaway database on BENCH_POSTGRES_URL).
// Each is driven by autocannon (10 connections, after a short warm-up) on the four hot reads, with
// a staff (tanod) token where one is needed. Prints requests a second, p50/p99 latency and the ratio
// to bare Fastify, as a Markdown table for docs/benchmarks.md. Servers run as child processes; the
// load generator shares the 2 cores, so compare ratios, not absolute figures, between runs.
import os from 'node:os';
import autocannon from 'autocannon';
import { cpuSeconds, startBareFastify, startServer } from './lib/server.mjs';

const SECONDS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 10);
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const BASELINE_DIST = process.argv.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length);
const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const ENDPOINTS = ['/api/settings/public', '/api/auth/me', '/api/notifications', '/api/messages/conversations'];
const GOALS = {
  postgres: { '/api/settings/public': 50, default: 25 },
  pglite: { '/api/settings/public': 10, default: 10 },
};

const results = [];
const loadBefore = os.loadavg();

await measureBare('bare Fastify (start)');

const builds = [
  ...(BASELINE_DIST ? [{ name: 'before', serverDist: BASELINE_DIST }] : []),
  { name: BASELINE_DIST ? 'after' : '', serverDist: 'apps/server/dist' },
];
for (const database of ['pglite', 'postgres']) {
  if (ONLY && ONLY !== database) continue;
  for (const build of builds) {
    const server = await startServer({ database, serverDist: build.serverDist });
    try {
      const login = await post(`${server.url}/api/auth/login`, { username: 'tanod1', password: 'Bantay-demo-2026' });
      const headers = { authorization: `Bearer ${login.token}` };
      const target = `Bantay, ${database === 'pglite' ? 'embedded' : 'PostgreSQL'}${build.name ? ` (${build.name})` : ''}`;
      for (const endpoint of ENDPOINTS) {
        const run = await drive(`${server.url}${endpoint}`, endpoint.includes('settings') ? {} : headers, server.pid);
        results.push({ target, database, endpoint: `GET ${endpoint}`, ...run });
      }
    } finally {
      await server.stop();
    }
  }
}

// Bare Fastify again at the end: the machine's load drifts, so the baseline is the mean of both.
await measureBare('bare Fastify (end)');
const bares = results.filter((r) => !r.database);
const baseline = bares.reduce((sum, r) => sum + r.rps, 0) / bares.length;
const baselineCpu = bares.reduce((sum, r) => sum + r.cpuMsPerRequest, 0) / bares.length;

const lines = [
  '| Server | Endpoint | Requests/s | p50 ms | p99 ms | Server CPU (% of a core) | CPU µs per request | % of bare Fastify (req/s) | % of bare Fastify (CPU per request) | Goal (req/s) |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map((r) => {
    const ratio = (r.rps / baseline) * 100;
    const cpuRatio = (baselineCpu / r.cpuMsPerRequest) * 100;
    const goal = r.database ? (GOALS[r.database][r.endpoint.slice(4)] ?? GOALS[r.database].default) : null;
    const verdict = goal === null ? '' : `≥ ${goal} % ${ratio >= goal ? '✓' : '✗'}`;
    return `| ${r.target} | \`${r.endpoint}\` | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.cpu)} | ${Math.round(r.cpuMsPerRequest * 1000)} | ${ratio.toFixed(1)} % | ${cpuRatio.toFixed(1)} % | ${verdict} |`;
  }),
];
console.log(
  `\n${CONNECTIONS} connections, ${SECONDS} s per endpoint after ${WARMUP_SECONDS} s warm-up, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}`,
);
console.log(`load average before ${fmtLoad(loadBefore)}, after ${fmtLoad(os.loadavg())} (1 / 5 / 15 min)\n`);
console.log(lines.join('\n'));
for (const r of results)
  if (r.errors > 0 || r.non2xx > 0)
    console.log(`! ${r.target} ${r.endpoint}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);

async function measureBare(label) {
  const bare = await startBareFastify();
  try {
    results.push({ target: label, endpoint: 'GET /hello', ...(await drive(`${bare.url}/hello`, {}, bare.pid)) });
  } finally {
    await bare.stop();
  }
}

async function drive(url, headers, pid) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const cpuBefore = await cpuSeconds(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const cpu = ((await cpuSeconds(pid)) - cpuBefore) / SECONDS;
  return {
    rps: result.requests.average,
    // Server CPU per answer: on a busy shared machine the steadier measure of the work per request.
    cpuMsPerRequest: (cpu * SECONDS * 1000) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu: cpu * 100,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function post(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

function fmtLoad(load) {
  return load.map((l) => l.toFixed(1)).join(' / ');
}
