// `node bench/staff-mix.mjs [seconds] [--only=pglite|postgres] [--baseline=<server dist dir>] [--dist=<server dist dir>]
//  [--cpu-prof=<dir>] [--queries]` (default 10 s for the mix, a third of it per endpoint; build the server first).
//
// The staff's everyday reads, uncached, as a whole barangay's staff app makes them: six signed-in
// users (the admin and tanod1–tanod5 of the demo seed) each reading what their screens read — the
// seventeen endpoints below, with their role's variant where the role decides (the admin's dashboard
// and all-tanods performance, a tanod's own dashboard and performance). None of them is held in the
// per-user read cache of lib/read-cache.ts (that one serves /api/auth/me, the notification panel and
// the conversation list, measured by bench/http.mjs), so every request goes to the database.
//
// In one run: a bare Fastify hello-world (start and end; the baseline is their mean), then each build
// (`--baseline`, the current one) on the embedded database and on PostgreSQL (a throwaway database on
// BENCH_POSTGRES_URL), seeded with `seed:demo`. autocannon drives, with 4 connections, the mix (every
// user's every endpoint in turn, 102 requests a round) and then each endpoint alone (its six users in
// turn). Prints requests a second, p50/p99, the server's CPU per request and the ratio to bare Fastify.
// `--queries` (PostgreSQL) also counts the statements each endpoint sends, through the query log of
// bench/lib/query-log.mjs. `--cpu-prof=<dir>` writes the current build's V8 CPU profile under the
// mix (one per database) for a flame view (e.g. speedscope). The machine is shared: compare ratios
// within a run.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSeconds, startBareFastify, startServer } from './lib/server.mjs';

const flag = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const SECONDS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 10);
const ENDPOINT_SECONDS = Math.max(2, Math.round(SECONDS / 3));
const ONLY = flag('only');
const BASELINE_DIST = flag('baseline');
const CURRENT_DIST = flag('dist') ?? 'apps/server/dist';
const PROFILE_DIR = flag('cpu-prof');
const COUNT_QUERIES = process.argv.includes('--queries');
const CONNECTIONS = 4;
const WARMUP_SECONDS = 2;
const PASSWORD = 'Bantay-demo-2026';
const USERS = ['admin', 'tanod1', 'tanod2', 'tanod3', 'tanod4', 'tanod5'];
const GOALS = { postgres: { mix: 10, endpoint: 3 }, pglite: { mix: 5, endpoint: 3 } };
const P99_GOAL_MS = 50;

/** This month, as the notes calendar asks for it. */
const MONTH = (() => {
  const now = new Date();
  const day = (date) => date.toISOString().slice(0, 10);
  return {
    from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    to: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))),
  };
})();

/** The seventeen reads; `path(user)` gives each user's own variant. */
const ENDPOINTS = [
  { name: 'dashboard', path: (u) => (u.role === 'admin' ? '/api/dashboard/admin' : '/api/dashboard/tanod') },
  {
    name: 'performance',
    path: (u) => (u.role === 'admin' ? '/api/performance?period=month' : `/api/performance/${u.id}?period=month`),
  },
  { name: 'incidents', path: () => '/api/incidents' },
  { name: 'patrols', path: () => '/api/patrols' },
  { name: 'schedules', path: (u) => (u.role === 'admin' ? '/api/schedules' : '/api/schedules/mine') },
  { name: 'tracking', path: (u) => (u.role === 'admin' ? '/api/tracking/live' : '/api/tracking/me') },
  { name: 'backup requests', path: () => '/api/assistance' },
  { name: 'notes', path: () => `/api/notes?from=${MONTH.from}&to=${MONTH.to}` },
  { name: 'inventory', path: () => '/api/inventory' },
  { name: 'loans', path: () => '/api/loans' },
  { name: 'vehicles', path: () => '/api/vehicles' },
  { name: 'trips', path: () => '/api/trips' },
  { name: 'patrol areas', path: () => '/api/patrol-areas' },
  { name: 'cameras', path: () => '/api/cameras' },
  { name: 'blotter', path: () => '/api/blotter' },
  { name: 'unread notifications', path: () => '/api/notifications/unread' },
  { name: 'staff directory', path: () => '/api/auth/users' },
];

const results = [];
const queryCounts = [];
const loadBefore = os.loadavg();
results.push({ target: 'bare Fastify (start)', endpoint: 'GET /hello', ...(await measureBare()) });

const builds = [
  ...(BASELINE_DIST ? [{ name: 'before', serverDist: BASELINE_DIST }] : []),
  { name: BASELINE_DIST ? 'after' : '', serverDist: CURRENT_DIST },
];
for (const database of ['pglite', 'postgres']) {
  if (ONLY && ONLY !== database) continue;
  for (const build of builds) {
    const current = build.serverDist === CURRENT_DIST;
    const queryLog = path.join(os.tmpdir(), `bantay-staff-mix-queries-${process.pid}.jsonl`);
    const nodeArgs = [];
    if (PROFILE_DIR && current) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR, database)}`);
    if (COUNT_QUERIES && database === 'postgres') nodeArgs.push('--import', './bench/lib/query-log.mjs');
    const server = await startServer({
      database,
      serverDist: build.serverDist,
      nodeArgs,
      env: { BENCH_QUERY_LOG: queryLog },
    });
    const target = `Bantay, ${database === 'pglite' ? 'embedded' : 'PostgreSQL'}${build.name ? ` (${build.name})` : ''}`;
    try {
      const users = await signIn(server.url);
      await check(server.url, users);
      if (COUNT_QUERIES && database === 'postgres')
        queryCounts.push({ target, counts: await countQueries(server, users, queryLog) });
      const mix = USERS.flatMap((_, index) => ENDPOINTS.map((endpoint) => request(users[index], endpoint)));
      results.push({
        target,
        database,
        endpoint: `the mix (${USERS.length} users × ${ENDPOINTS.length} endpoints)`,
        mix: true,
        ...(await drive(server, mix, SECONDS)),
      });
      for (const endpoint of ENDPOINTS) {
        const requests = users.map((user) => request(user, endpoint));
        results.push({
          target,
          database,
          endpoint: endpoint.name,
          ...(await drive(server, requests, ENDPOINT_SECONDS)),
        });
      }
    } finally {
      await server.stop();
      await fs.rm(queryLog, { force: true });
    }
  }
}
results.push({ target: 'bare Fastify (end)', endpoint: 'GET /hello', ...(await measureBare()) });

const bares = results.filter((r) => !r.database);
const baseline = bares.reduce((sum, r) => sum + r.rps, 0) / bares.length;
const baselineCpu = bares.reduce((sum, r) => sum + r.cpuMsPerRequest, 0) / bares.length;
console.log(
  `\n${CONNECTIONS} connections; the mix ${SECONDS} s, each endpoint ${ENDPOINT_SECONDS} s, after ${WARMUP_SECONDS} s warm-up; Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}`,
);
console.log(`load average before ${fmtLoad(loadBefore)}, after ${fmtLoad(os.loadavg())} (1 / 5 / 15 min)\n`);
console.log(
  '| Server | Reads | Requests/s | p50 ms | p99 ms | Server CPU (% of a core) | CPU µs per request | % of bare Fastify (req/s) | % of bare Fastify (CPU per request) | Goal |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of results) {
  const ratio = (r.rps / baseline) * 100;
  const cpuRatio = (baselineCpu / r.cpuMsPerRequest) * 100;
  let verdict = '';
  if (r.database) {
    const goal = r.mix ? GOALS[r.database].mix : GOALS[r.database].endpoint;
    const met = ratio >= goal && (!r.mix || r.p99 < P99_GOAL_MS);
    verdict = `≥ ${goal} %${r.mix ? `, p99 < ${P99_GOAL_MS} ms` : ''} ${met ? '✓' : '✗'}`;
  }
  const reads = r.mix ? `**${r.endpoint}**` : r.database ? r.endpoint : `\`${r.endpoint}\``;
  console.log(
    `| ${r.target} | ${reads} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.cpu)} | ${Math.round(r.cpuMsPerRequest * 1000)} | ${ratio.toFixed(1)} % | ${cpuRatio.toFixed(1)} % | ${verdict} |`,
  );
}
for (const r of results)
  if (r.errors > 0 || r.non2xx > 0)
    console.log(`! ${r.target} ${r.endpoint}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
if (queryCounts.length > 0) {
  console.log(
    '\nStatements per request on PostgreSQL, and their planning + execution time under EXPLAIN ANALYZE (mean of the six users):\n',
  );
  console.log(`| Endpoint | ${queryCounts.map((q) => q.target).join(' | ')} |`);
  console.log(`|---|${queryCounts.map(() => '---:').join('|')}|`);
  for (const endpoint of ENDPOINTS)
    console.log(`| ${endpoint.name} | ${queryCounts.map((q) => q.counts[endpoint.name]).join(' | ')} |`);
}

async function signIn(url) {
  const users = [];
  for (const username of USERS) {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
    const { token, userId, userType } = await response.json();
    users.push({ token, id: userId, role: userType });
  }
  return users;
}

function request(user, endpoint) {
  return { method: 'GET', path: endpoint.path(user), headers: { authorization: `Bearer ${user.token}` } };
}

/** Every read answers 200 for every user before anything is timed. */
async function check(url, users) {
  for (const user of users)
    for (const endpoint of ENDPOINTS) {
      const { path: requestPath, headers } = request(user, endpoint);
      const response = await fetch(`${url}${requestPath}`, { headers });
      if (!response.ok)
        throw new Error(`GET ${requestPath} as ${user.role}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
}

/**
 * Statements sent per request (the mean over the six users of one call each, with the log on), and
 * what PostgreSQL spends on them: each logged `select` run again under EXPLAIN ANALYZE, planning
 * plus execution, summed per request.
 */
async function countQueries(server, users, queryLog) {
  const counts = {};
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await client.connect();
  const toggle = async () => {
    const before = await readLines(queryLog);
    process.kill(server.pid, 'SIGUSR2');
    for (let tries = 0; (await readLines(queryLog)).length === before.length && tries < 100; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
  };
  try {
    for (const endpoint of ENDPOINTS) {
      let statements = [];
      for (const user of users) {
        await toggle();
        const { path: requestPath, headers } = request(user, endpoint);
        await (await fetch(`${server.url}${requestPath}`, { headers })).arrayBuffer();
        await toggle();
        const lines = await readLines(queryLog);
        const from = lines.findLastIndex((line) => line === '{"on":true}');
        statements = statements.concat(
          lines
            .slice(from + 1)
            .filter((line) => !line.startsWith('{"on"'))
            .map((line) => JSON.parse(line))
            // pg-boss polls its queues on the same pool whatever the request: not the request's.
            .filter(({ text }) => !text.includes('pgboss.')),
        );
      }
      let databaseMs = 0;
      for (const { text, values } of statements) {
        if (!/^\s*(select|with)\b/i.test(text)) continue;
        const [plan] = (await client.query(`explain (analyze, format json) ${text}`, values)).rows[0]['QUERY PLAN'];
        databaseMs += plan['Planning Time'] + plan['Execution Time'];
      }
      counts[endpoint.name] =
        `${(statements.length / users.length).toFixed(1)} / ${(databaseMs / users.length).toFixed(2)} ms`;
    }
  } finally {
    await client.end();
  }
  return counts;
}

async function readLines(file) {
  try {
    return (await fs.readFile(file, 'utf8')).split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

async function drive(server, requests, seconds) {
  const options = { url: server.url, requests, connections: CONNECTIONS };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const cpuBefore = await cpuSeconds(server.pid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = ((await cpuSeconds(server.pid)) - cpuBefore) / seconds;
  return {
    rps: result.requests.average,
    cpuMsPerRequest: (cpu * seconds * 1000) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu: cpu * 100,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function measureBare() {
  const bare = await startBareFastify();
  try {
    return await drive(bare, [{ method: 'GET', path: '/hello' }], SECONDS);
  } finally {
    await bare.stop();
  }
}

function fmtLoad(load) {
  return load.map((l) => l.toFixed(1)).join(' / ');
}
