// `node bench/sockets.mjs [sockets] [--pg] [--dist=<server dist dir>]` (default 1000, embedded database;
// `--dist` drives another build of the server, e.g. an older one; run `npm run build` first).
//
// One built server holding many authenticated staff sockets (each its own tanod and session, as
// many phones would be). Measured in one run, against the same server with no sockets:
//   - connecting them all (time, refusals) and what each connect costs the server;
//   - resident memory per socket;
//   - server CPU while everyone sits idle;
//   - fan-out: a resident files a report, and the time until every socket has `incident:created`;
//   - presence: how many `presence:changed` messages the connect wave made the server send.
// The clients run in this process on the same 2 cores, so wall-clock figures include their share.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { SignJWT } from 'jose';
import pg from 'pg';
import { io } from 'socket.io-client';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { cpuSeconds, residentBytes, startServer } from './lib/server.mjs';

const COUNT = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 1000);
const DATABASE = process.argv.includes('--pg') ? 'postgres' : 'pglite';
const SERVER_DIST = process.argv.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length);
const CONNECT_BATCH = 50;
const IDLE_SECONDS = 15;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const t0 = performance.now();
const step = (what) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${what}`);

// Bench tanods and their sessions go in before the server opens the database (PGlite allows one
// process per data dir); the tokens are signed here with the server's own key, so the bench does
// not spend minutes on 1,000 password hashes.
const SEED_SQL = `
  with bench as (
    insert into users (first_name, last_name, username, email, user_type, password_hash)
    select 'Bench', 'Socket ' || g, 'sock' || g, 'sock' || g || '@bench.local', 'tanod', null
    from generate_series(1, $1::int) g
    returning id
  )
  insert into sessions (user_id, expires_at, created_at, last_seen_at)
  select id, now() + interval '1 day', now(), now() from bench
  returning id, user_id`;
let sessions = [];
const server = await startServer({
  ...(SERVER_DIST ? { serverDist: SERVER_DIST } : {}),
  database: DATABASE,
  // A proof-of-work that solves in milliseconds for the one report; the protocol is the same.
  env: { ALTCHA_COST: '1', ALTCHA_MAX_NUMBER: '20' },
  beforeStart: async (env) => {
    if (DATABASE === 'postgres') {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      sessions = (await client.query(SEED_SQL, [COUNT])).rows;
      await client.end();
    } else {
      const db = await PGlite.create({ dataDir: path.join(env.DATA_DIR, 'db') });
      sessions = (await db.query(SEED_SQL, [COUNT])).rows;
      await db.close();
    }
    const key = new TextEncoder().encode((await fs.readFile(path.join(env.DATA_DIR, 'jwt-secret'), 'utf8')).trim());
    const exp = Math.floor(Date.now() / 1000) + 86_400;
    for (const session of sessions) {
      session.token = await new SignJWT({ id: session.user_id, userType: 'tanod' })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(session.id)
        .setSubject(session.user_id)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
    }
  },
});
step(
  `server up on ${DATABASE === 'postgres' ? 'PostgreSQL' : 'the embedded database'}, ${sessions.length} bench tanods with sessions`,
);

const sockets = [];
let presenceMessages = 0;
try {
  const empty = await idleFigures();
  step(`no sockets: ${mb(empty.rss)} MB, idle CPU ${empty.cpu.toFixed(1)} %`);

  // ---------- connect ----------
  const cpuBefore = await cpuSeconds(server.pid);
  const started = performance.now();
  let refused = 0;
  for (let i = 0; i < sessions.length; i += CONNECT_BATCH) {
    const batch = sessions.slice(i, i + CONNECT_BATCH);
    const results = await Promise.allSettled(batch.map((session) => connect(session.token)));
    for (const result of results) {
      if (result.status === 'fulfilled') sockets.push(result.value);
      else {
        refused += 1;
        if (refused <= 3) console.log(`  refused: ${result.reason?.message ?? result.reason}`);
      }
    }
  }
  const connectSeconds = (performance.now() - started) / 1000;
  // Presence and the re-check after joining run after `connect`: wait until the server is quiet.
  await settle();
  const connectCpu = (await cpuSeconds(server.pid)) - cpuBefore;
  step(
    `${sockets.length} connected, ${refused} refused, in ${connectSeconds.toFixed(1)} s; ${presenceMessages} presence messages delivered`,
  );

  const full = await idleFigures();
  step(`${sockets.length} sockets: ${mb(full.rss)} MB, idle CPU ${full.cpu.toFixed(1)} %`);

  // ---------- fan-out ----------
  const fanOut = await reportAndWait();
  step(`incident:created reached ${fanOut.reached}/${sockets.length} sockets`);

  const rows = [
    ['Sockets connected (refused)', `${sockets.length} (${refused})`, '0'],
    ['Time to connect them all', `${connectSeconds.toFixed(1)} s`, '–'],
    ['Server CPU per connect', `${((connectCpu * 1000) / Math.max(1, sockets.length)).toFixed(2)} ms`, '–'],
    ['`presence:changed` messages sent during the connect wave', String(presenceMessages), '0'],
    ['Resident memory of the server', `${mb(full.rss)} MB`, `${mb(empty.rss)} MB`],
    ['Memory per socket', `${((full.rss - empty.rss) / 1024 / Math.max(1, sockets.length)).toFixed(1)} KB`, '–'],
    [
      `Server CPU while idle (${IDLE_SECONDS} s)`,
      `${full.cpu.toFixed(1)} % of a core`,
      `${empty.cpu.toFixed(1)} % of a core`,
    ],
    ['Report → `incident:created` on the first socket', `${fanOut.first.toFixed(1)} ms`, '–'],
    ['… on half of them (p50)', `${fanOut.p50.toFixed(1)} ms`, '–'],
    ['… on every socket', `${fanOut.last.toFixed(1)} ms (${fanOut.reached} reached)`, '–'],
    ['Report request alone (201 answered)', `${fanOut.answered.toFixed(1)} ms`, '–'],
  ];
  console.log(
    `\n${COUNT} staff sockets on one server, ${DATABASE === 'postgres' ? 'PostgreSQL' : 'embedded database'}, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}\n`,
  );
  console.log('| Figure | With the sockets | Baseline (no sockets) |');
  console.log('|---|---:|---:|');
  for (const [name, value, baseline] of rows) console.log(`| ${name} | ${value} | ${baseline} |`);
} finally {
  for (const socket of sockets) socket.disconnect();
  await server.stop();
}

function connect(token) {
  return new Promise((resolve, reject) => {
    const socket = io(server.url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.on('presence:changed', () => (presenceMessages += 1));
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Waits until the server has used under 2 % of a core for a whole second (or 60 s pass). */
async function settle() {
  const deadline = Date.now() + 60_000;
  let last = await cpuSeconds(server.pid);
  while (Date.now() < deadline) {
    await sleep(1000);
    const now = await cpuSeconds(server.pid);
    if (now - last < 0.02) return;
    last = now;
  }
}

async function idleFigures() {
  await settle();
  const before = await cpuSeconds(server.pid);
  await sleep(IDLE_SECONDS * 1000);
  const cpu = (((await cpuSeconds(server.pid)) - before) / IDLE_SECONDS) * 100;
  return { cpu, rss: await residentBytes(server.pid) };
}

async function reportAndWait() {
  const settings = await (await fetch(`${server.url}/api/settings/public`)).json();
  const challenge = await (await fetch(`${server.url}/api/bot-check/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const arrivals = [];
  let allArrived;
  const done = new Promise((resolve) => (allArrived = resolve));
  const timeout = setTimeout(() => allArrived(), 30_000);
  for (const socket of sockets) {
    socket.once('incident:created', () => {
      arrivals.push(performance.now());
      if (arrivals.length === sockets.length) allArrived();
    });
  }
  const sent = performance.now();
  const response = await fetch(`${server.url}/api/public/incidents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: settings.incidentTypes[0].name,
      classification: 'normal',
      description: 'Bench: a loud fight outside the sari-sari store.',
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      location: { lat: 14.7356, lng: 121.0498 },
      botCheck: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
      deviceId: `bench${Date.now().toString(36)}`,
    }),
  });
  const answered = performance.now() - sent;
  if (response.status !== 201) throw new Error(`report failed: ${response.status} ${await response.text()}`);
  await done;
  clearTimeout(timeout);
  const times = arrivals.map((at) => at - sent).sort((a, b) => a - b);
  return {
    reached: times.length,
    first: times[0] ?? NaN,
    p50: times[Math.floor(times.length / 2)] ?? NaN,
    last: times.at(-1) ?? NaN,
    answered,
  };
}

function mb(bytes) {
  return (bytes / 1024 / 1024).toFixed(0);
}
