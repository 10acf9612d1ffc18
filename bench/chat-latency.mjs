// `node bench/chat-latency.mjs [pairs] [messagesPerPair] [--pg] [--burst] [--dist=<server dist dir>]` (defaults
// 50 and 20, embedded database; `--pg` on a throwaway PostgreSQL database; `--dist` drives another build
// of the server, e.g. an older one for before/after figures, and writes nothing to the docs; run
// `npm run build` first).
//
// N pairs of staff chat through the real, built server on a fresh database (loopback only).
// Each pair plays ping-pong: one sends (POST /api/messages), the other receives, waits a moment
// and answers. Two designs, in the same run, with the same exchange:
//   push: the recipient hears `messageReceived` on its socket.io connection (ours);
//   poll: the recipient polls GET /api/messages/conversations/{id}/messages every 500 ms (the brief's).
// The pairs start spread over one pause, as independent people would; `--burst` starts them all at
// the same instant instead, so every turn is a burst of one message per pair (a stress case: the
// server then queues the burst, and the median waits for half of it).
// Reports delivery latency (send → recipient knows) p50/p95/p99, server CPU from /proc/<pid>/stat,
// and HTTP requests per minute. Writes the figures into docs/benchmarks.md under "Chat latency (<database>)".
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { io } from 'socket.io-client';
import pg from 'pg';
import { ROOT, cpuSeconds as cpuSecondsOf, startServer } from './lib/server.mjs';

const numbers = process.argv.slice(2).filter((arg) => /^\d+$/.test(arg));
const PAIRS = Number(numbers[0] ?? 50);
const MESSAGES = Number(numbers[1] ?? 20);
const DATABASE = process.argv.includes('--pg') ? 'postgres' : 'pglite';
const BURST = process.argv.includes('--burst');
const SERVER_DIST = process.argv.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length);
const SECTION = `Chat latency (${DATABASE === 'postgres' ? 'PostgreSQL' : 'embedded database'}${BURST ? ', pairs in lockstep' : ''})`;
const POLL_MS = 500;
/** The pause between receiving a message and answering it: a person reading, not a flood. */
const THINK_MS = 200;
const PASSWORD = 'Bantay-demo-2026';
/** A phase stops starting new turns after this long, so an overloaded design cannot run away. */
const PHASE_BUDGET_MS = 40_000;
const HARD_DEADLINE_MS = 300_000;

/** The server under test, once started (the hard stop stops it too). */
let server;
const hardStop = setTimeout(() => {
  console.error('chat-latency: did not finish in time, giving up');
  void server?.stop().finally(() => process.exit(2));
}, HARD_DEADLINE_MS);
hardStop.unref();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  await fs.access(path.join(ROOT, SERVER_DIST ?? 'apps/server/dist', 'main.js'));
} catch {
  console.error('apps/server/dist is missing: run `npm run build` first.');
  process.exit(1);
}

// ---------- server on a fresh data dir (and database), with 2N bench tanods seeded before it starts ----------
const t0 = performance.now();
const step = (what) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${what}`);
const BENCH_USERS_SQL = `insert into users (first_name, last_name, username, email, user_type, password_hash)
  select 'Bench', 'Tanod ' || g, 'bench' || g, 'bench' || g || '@bench.local', 'tanod', u.password_hash
  from users u, generate_series(1, $1::int) g where u.username = 'tanod1'`;
server = await startServer({
  database: DATABASE,
  ...(SERVER_DIST ? { serverDist: SERVER_DIST } : {}),
  // PGlite allows one process per data dir, so the bench accounts go in before the server opens it.
  // They share the demo password (its hash is copied from tanod1).
  beforeStart: async (serverEnv) => {
    step('demo data seeded');
    if (DATABASE === 'postgres') {
      const client = new pg.Client({ connectionString: serverEnv.DATABASE_URL });
      await client.connect();
      await client.query(BENCH_USERS_SQL, [PAIRS * 2]);
      await client.end();
    } else {
      const db = await PGlite.create({ dataDir: path.join(serverEnv.DATA_DIR, 'db') });
      await db.query(BENCH_USERS_SQL, [PAIRS * 2]);
      await db.close();
    }
    step(`${PAIRS * 2} bench tanods added`);
  },
});
const url = server.url;
const sockets = [];
try {
  step('server up');
  const results = await benchmark();
  await printAndRecord(results);
} finally {
  for (const socket of sockets) socket.disconnect();
  await server.stop();
  clearTimeout(hardStop);
}

// ---------- the exchange ----------
async function benchmark() {
  const users = new Array(PAIRS * 2);
  let nextLogin = 0;
  // A few sign-ins at a time: each verifies an argon2 hash.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (nextLogin < users.length) {
        const i = nextLogin++;
        const login = await api('POST', '/api/auth/login', null, { username: `bench${i + 1}`, password: PASSWORD });
        users[i] = { id: login.userId, token: login.token };
      }
    }),
  );
  step(`${users.length} users signed in`);
  const pairs = [];
  for (let p = 0; p < PAIRS; p += 1) {
    const [a, b] = [users[2 * p], users[2 * p + 1]];
    const { conversation } = await api('POST', '/api/messages/conversations', a.token, { participantId: b.id });
    pairs.push({ a, b, conversationId: conversation._id });
  }
  step(`${PAIRS} conversations started`);

  // Push: every user connected, listening for messageReceived.
  const waiters = new Map(); // content → resolve(receivedAt)
  await Promise.all(
    users.map(
      (user) =>
        new Promise((resolve, reject) => {
          const socket = io(url, { auth: { token: user.token }, transports: ['websocket'], reconnection: false, forceNew: true });
          sockets.push(socket);
          socket.on('messageReceived', (message) => {
            if (message.userId === user.id) return; // the sender's own copy
            waiters.get(message.content)?.(performance.now());
          });
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        }),
    ),
  );
  step(`${sockets.length} sockets connected`);
  const push = await phase('push', pairs, (pair, recipient, content) => new Promise((resolve) => waiters.set(content, resolve)));

  // Poll: the brief's design. Sockets closed, so nothing is pushed; each user polls its chat.
  for (const socket of sockets) socket.disconnect();
  let polls = 0;
  let polling = true;
  const seen = new Map(); // content → resolve
  const pollers = pairs.flatMap((pair) =>
    [pair.a, pair.b].map(async (user, index) => {
      // Spread the clients over the period, as independent browsers would be.
      await sleep((POLL_MS * (pairs.indexOf(pair) * 2 + index)) / (PAIRS * 2));
      while (polling) {
        const started = performance.now();
        const page = await api('GET', `/api/messages/conversations/${pair.conversationId}/messages?limit=5`, user.token);
        polls += 1;
        const at = performance.now();
        for (const message of page.messages) if (message.userId !== user.id) seen.get(message.content)?.(at);
        await sleep(Math.max(0, POLL_MS - (performance.now() - started)));
      }
    }),
  );
  step('push phase done');
  const pollsBefore = polls;
  const poll = await phase('poll', pairs, (pair, recipient, content) => new Promise((resolve) => seen.set(content, resolve)));
  poll.requests = polls - pollsBefore;
  polling = false;
  await Promise.all(pollers);
  return { push, poll };
}

/** Every pair plays MESSAGES turns of ping-pong at once; returns latencies, duration, CPU and request counts. */
async function phase(name, pairs, arrival) {
  const latencies = [];
  let posts = 0;
  const cpuBefore = await cpuSeconds();
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    pairs.map(async (pair, index) => {
      if (!BURST) await sleep((THINK_MS * index) / pairs.length);
      for (let turn = 0; turn < MESSAGES && performance.now() - started < PHASE_BUDGET_MS; turn += 1) {
        const [sender, recipient] = turn % 2 === 0 ? [pair.a, pair.b] : [pair.b, pair.a];
        const content = `${name} ${pair.conversationId.slice(0, 8)} #${turn} Nasaan ka na, pre?`;
        const arrived = arrival(pair, recipient, content);
        const sentAt = performance.now();
        await api('POST', '/api/messages', sender.token, { conversationId: pair.conversationId, content });
        posts += 1;
        latencies.push((await arrived) - sentAt);
        await sleep(THINK_MS);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await cpuSeconds()) - cpuBefore;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const clientCpuSeconds = (clientCpu.user + clientCpu.system) / 1e6;
  return { name, latencies: latencies.sort((x, y) => x - y), seconds, cpu, clientCpuSeconds, posts, requests: 0 };
}

// ---------- output ----------
function printAndRecord({ push, poll }) {
  const rows = [push, poll].map((r) => {
    const requestsPerMinute = ((r.posts + r.requests) / r.seconds) * 60;
    return {
      design: r.name === 'push' ? 'push (socket.io, ours)' : `poll every ${POLL_MS} ms (brief)`,
      p50: pct(r.latencies, 50),
      p95: pct(r.latencies, 95),
      p99: pct(r.latencies, 99),
      max: r.latencies.at(-1),
      cpuPercent: (r.cpu / r.seconds) * 100,
      clientCpuPercent: (r.clientCpuSeconds / r.seconds) * 100,
      cpuPerMessage: (r.cpu * 1000) / r.posts,
      requestsPerMinute,
      pollsPerMinute: (r.requests / r.seconds) * 60,
      seconds: r.seconds,
      messages: r.latencies.length,
    };
  });
  const header = `| Design | Messages | p50 ms | p95 ms | p99 ms | max ms | Server CPU (% of a core) | CPU ms per message | Bench clients' CPU (% of a core) | HTTP requests/min (sends + polls) |`;
  const lines = [
    header,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.design} | ${r.messages} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.cpuPercent.toFixed(1)} | ${r.cpuPerMessage.toFixed(2)} | ${r.clientCpuPercent.toFixed(1)} | ${Math.round(r.requestsPerMinute)} (${Math.round(r.pollsPerMinute)} polls) |`,
    ),
  ];
  const table = lines.join('\n');
  console.log(`\nLoad average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (other work on the machine inflates the figures).`);
  console.log(`\nChat latency: ${PAIRS} pairs (${PAIRS * 2} clients), ${MESSAGES} messages per pair, ${THINK_MS} ms pause before each answer, ${BURST ? 'pairs in lockstep' : 'pairs spread over one pause'}\n`);
  console.log(table);
  if (rows.some((r) => r.messages < PAIRS * MESSAGES)) console.log(`(A phase hit its ${PHASE_BUDGET_MS / 1000} s budget: fewer messages than planned.)`);
  console.log(`\nPush is ${(rows[1].p50 / rows[0].p50).toFixed(0)}× faster at the median; polling costs ${Math.round(rows[1].pollsPerMinute)} requests a minute for ${PAIRS * 2} open chats.`);
  if (SERVER_DIST) return console.log(`\n(Server build ${SERVER_DIST}: not written to docs/benchmarks.md.)`);
  return recordInDocs(table, rows);
}

async function recordInDocs(table, rows) {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ${DATABASE === 'postgres' ? 'PostgreSQL 15 (local server)' : 'embedded database (PGlite)'}, load average at the end ${load} (1 / 5 / 15 min)`;
  const section = [
    `## ${SECTION}`,
    '',
    `\`npm run build && node bench/chat-latency.mjs${DATABASE === 'postgres' ? ' --pg' : ''}${BURST ? ' --burst' : ''}\` (arguments: pairs, messages per pair, \`--pg\` for PostgreSQL, \`--burst\` for pairs in lockstep).`,
    '',
    `${PAIRS} pairs of tanods (${PAIRS * 2} clients) on the built server, loopback, ${machine}; measured ${new Date().toISOString().slice(0, 10)}.`,
    BURST
      ? 'Every pair starts at the same instant, so each turn is a burst of one message per pair (a stress case, not how people chat).'
      : `The pairs start spread over one ${THINK_MS} ms pause, as independent people would.`,
    `Each pair plays up to ${MESSAGES} turns of ping-pong (each phase stops starting turns after ${PHASE_BUDGET_MS / 1000} s) (POST /api/messages, ${THINK_MS} ms pause before answering). Latency is from the send`,
    'to the recipient knowing: the `messageReceived` socket event (push), or the first 500 ms poll of',
    '`GET /api/messages/conversations/{id}/messages` that returns it (the brief\'s design, same exchange, same run).',
    'Server CPU is user + system time of the server process (/proc/<pid>/stat) over each phase.',
    '',
    table,
    '',
    `The brief's client also polls the conversation list every 500 ms, which would double the poll count; the push design makes no request at all while idle.`,
    `Push median ${rows[0].p50.toFixed(1)} ms against ${rows[1].p50.toFixed(1)} ms for polling.`,
    ...(os.loadavg()[0] > os.cpus().length
      ? [
          '',
          `Caveat: the CPUs were saturated (load ${load} on ${os.cpus().length} cores, the bench's own clients included), and the clients run on the same machine as`,
          'the server, so wall-clock latencies here are dominated by waiting for a CPU; the CPU per message and the request counts are the',
          'steadier comparison. Re-run on an idle machine for the latency figures that matter.',
        ]
      : []),
    '',
    '',
  ].join('\n');
  const current = await fs.readFile(file, 'utf8').catch(() => '# Benchmarks\n\n');
  // Replace only our section: from its heading to the next level-2 heading (or the end).
  const start = current.indexOf(`## ${SECTION}\n`);
  let next;
  if (start === -1) next = current.trimEnd() + '\n\n' + section;
  else {
    const after = current.indexOf('\n## ', start + 1);
    next = current.slice(0, start) + section + (after === -1 ? '' : current.slice(after + 1));
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, next);
  console.log(`\nWritten to docs/benchmarks.md ("${SECTION}").`);
}

function pct(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ---------- helpers ----------
async function api(method, route, token, body) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return JSON.parse(text);
}

async function cpuSeconds() {
  return cpuSecondsOf(server.pid);
}

