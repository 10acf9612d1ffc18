// `node bench/tracking.mjs [tanods] [seconds] [--db pglite|postgres|both] [--port 3215]`
// (defaults 500, 60, both, 3215; run `npm run build` first; PostgreSQL from TEST_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/postgres, where a throwaway database is created and dropped).
//
// Live tracking on the real, built server over real sockets (loopback). Tanods on patrol each send
// a point every 5 s (`tracking:points`, acknowledged after commit); 20 admins watch the live map
// (`tracking:watch`) and time each `tracking:position` from the send to its arrival. Per database,
// in the same run: a baseline of 10 tanods, the main load, then steps of +500 tanods (20 s each)
// until the fan-out p99 passes 100 ms (the ceiling). Server CPU and memory come from /proc/<pid>.
// Sessions are minted directly (a known JWT_SECRET and session rows) so 2,000 sign-ins do not cost
// 2,000 argon2 hashes. Writes the figures into docs/benchmarks.md under "Live tracking".
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { SignJWT } from 'jose';
import pg from 'pg';
import { io } from 'socket.io-client';
import { ROOT } from './lib/server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const positional = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
const TANODS = Number(positional[0] ?? 500);
const SECONDS = Number(positional[1] ?? 60);
const DATABASES = option('db', 'both') === 'both' ? ['pglite', 'postgres'] : [option('db', 'both')];
const PORT = Number(option('port', 3215));
const ADMINS = 20;
const SEND_EVERY_MS = 5000;
const STEP_SECONDS = 20;
const STEP_TANODS = 500;
const MAX_TANODS = Number(option('max', 2500));
const P99_LIMIT_MS = 100;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = crypto.randomBytes(32).toString('hex');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const t0 = performance.now();
const step = (what) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${what}`);
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

try {
  await fs.access(path.join(ROOT, 'apps/server/dist/main.js'));
} catch {
  console.error('apps/server/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const results = {};
for (const database of DATABASES) results[database] = await benchDatabase(database);
await record(results);

// ---------- one database ----------
async function benchDatabase(database) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-tracking-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', JWT_SECRET: SECRET, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  let dropDatabase = async () => {};
  if (database === 'postgres') {
    const name = `bantay_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  let child;
  const sockets = [];
  try {
    await run('node', ['apps/server/dist/seed-demo.js'], env);
    step(`${database}: demo data seeded`);
    const people = await addBenchPeople(database, dataDir, env.DATABASE_URL);
    step(`${database}: ${people.tanods.length} bench tanods on patrol, ${people.admins.length} admin sessions`);
    child = spawn('node', ['apps/server/dist/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const url = `http://127.0.0.1:${PORT}`;
    await waitForHealth(url);
    step(`${database}: server up (pid ${child.pid})`);

    const connect = (token) =>
      new Promise((resolve, reject) => {
        const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
        sockets.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const sent = new Map(); // `${userId}|${at}` → send time
    const latencies = [];
    for (const token of people.admins) {
      const socket = await connect(token);
      await new Promise((resolve) => socket.emit('tracking:watch', resolve));
      socket.on('tracking:position', (position) => {
        const at = sent.get(`${position.userId}|${position.at}`);
        if (at !== undefined) latencies.push(performance.now() - at);
      });
    }
    const tanodSockets = [];
    async function ensureTanods(count) {
      for (let i = tanodSockets.length; i < count; i += 50) {
        const batch = people.tanods.slice(i, Math.min(count, i + 50));
        tanodSockets.push(...(await Promise.all(batch.map(async (tanod) => ({ ...tanod, socket: await connect(tanod.token) })))));
      }
    }

    async function phase(name, count, seconds) {
      await ensureTanods(count);
      latencies.length = 0;
      sent.clear();
      let accepted = 0;
      let refused = 0;
      const ackLatencies = [];
      const cpuBefore = await cpuSeconds(child.pid);
      const started = performance.now();
      let running = true;
      const senders = tanodSockets.slice(0, count).map(async (tanod, index) => {
        // Spread the tanods over the period, as independent phones would be.
        await sleep((SEND_EVERY_MS * index) / count);
        let n = 0;
        while (running) {
          const due = started + (SEND_EVERY_MS * index) / count + n * SEND_EVERY_MS;
          n += 1;
          const at = new Date(Date.now()).toISOString();
          const point = { at, lat: tanod.lat + Math.sin(n / 7) * 0.0003, lng: tanod.lng + Math.cos(n / 7) * 0.0003, accuracy: 8, speed: 1.2 };
          const sentAt = performance.now();
          sent.set(`${tanod.id}|${at}`, sentAt);
          tanod.socket.emit('tracking:points', [point], (ack) => {
            ackLatencies.push(performance.now() - sentAt);
            if (ack.error) refused += 1;
            else accepted += ack.accepted;
          });
          await sleep(Math.max(0, due + SEND_EVERY_MS - performance.now()));
        }
      });
      await sleep(seconds * 1000);
      running = false;
      await Promise.all(senders);
      // Let the last acknowledgements and positions arrive.
      await sleep(1500);
      const elapsed = (performance.now() - started) / 1000;
      const cpu = (await cpuSeconds(child.pid)) - cpuBefore;
      const memory = await memoryOf(child.pid);
      const sorted = latencies.slice().sort((a, b) => a - b);
      const acks = ackLatencies.sort((a, b) => a - b);
      const row = {
        name,
        tanods: count,
        seconds: Math.round(seconds),
        pointsPerSecond: accepted / seconds,
        refused,
        deliveries: sorted.length,
        p50: pct(sorted, 50),
        p99: pct(sorted, 99),
        max: sorted.at(-1) ?? NaN,
        ackP50: pct(acks, 50),
        ackP99: pct(acks, 99),
        cpuPercent: (cpu / elapsed) * 100,
        rssMb: memory.rss,
        peakMb: memory.peak,
      };
      step(
        `${database} ${name}: ${count} tanods, ${row.pointsPerSecond.toFixed(1)} points/s stored, fan-out p50 ${row.p50.toFixed(1)} ms p99 ${row.p99.toFixed(1)} ms, ack p50 ${row.ackP50.toFixed(1)} ms, CPU ${row.cpuPercent.toFixed(0)}% of a core, RSS ${row.rssMb} MB`,
      );
      return row;
    }

    const rows = [];
    // Unmeasured: the first points pay for JIT compilation and cold caches.
    await phase('warm-up', 10, 5);
    rows.push(await phase('baseline', 10, STEP_SECONDS));
    rows.push(await phase('main', TANODS, SECONDS));
    let ceiling = rows[1].p99 > P99_LIMIT_MS ? TANODS : null;
    for (let count = TANODS + STEP_TANODS; !ceiling && count <= Math.min(MAX_TANODS, people.tanods.length); count += STEP_TANODS) {
      const row = await phase('step', count, STEP_SECONDS);
      rows.push(row);
      if (row.p99 > P99_LIMIT_MS) ceiling = count;
    }
    return { rows, ceiling, load: os.loadavg() };
  } finally {
    for (const socket of sockets) socket.disconnect();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await fs.rm(dataDir, { recursive: true, force: true });
    await dropDatabase();
  }
}

/** Bench tanods on one long patrol in Purok 1, and admin sessions; inserted before the server starts. */
async function addBenchPeople(database, dataDir, databaseUrl) {
  const total = Math.max(TANODS, Math.min(MAX_TANODS, TANODS + 4 * STEP_TANODS));
  const statements = [
    `insert into users (first_name, last_name, username, email, user_type, password_hash)
       select 'Bench', 'Tanod ' || g, 'benchtanod' || g, 'benchtanod' || g || '@bench.local', 'tanod', password_hash
       from users, generate_series(1, ${total}) g where username = 'tanod1'`,
    `insert into schedules (code, shift, starts_at, ends_at, patrol_area_id, reminder_sent_at)
       select 'SCH-BENCH1', 'custom', now() - interval '1 hour', now() + interval '6 hours', id, now()
       from patrol_areas where name = 'Purok 1 (Hilaga)'`,
    `insert into schedule_members (schedule_id, tanod_id, is_leader)
       select s.id, u.id, false from schedules s, users u where s.code = 'SCH-BENCH1' and u.username like 'benchtanod%'`,
    `insert into patrols (schedule_id, tanod_id, attendance, started_at)
       select s.id, u.id, 'on_time', now() - interval '50 minutes' from schedules s, users u where s.code = 'SCH-BENCH1' and u.username like 'benchtanod%'`,
  ];
  const rows = [];
  if (database === 'pglite') {
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
    for (const statement of statements) await db.query(statement);
    rows.push(...(await db.query(`select id, username, user_type from users where username like 'benchtanod%' or username = 'admin' order by username`)).rows);
    await insertSessions(db, rows);
    await db.close();
  } else {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const statement of statements) await client.query(statement);
    rows.push(...(await client.query(`select id, username, user_type from users where username like 'benchtanod%' or username = 'admin' order by username`)).rows);
    await insertSessions(client, rows);
    await client.end();
  }
  const admin = rows.find((row) => row.username === 'admin');
  const tanods = rows
    .filter((row) => row.username.startsWith('benchtanod'))
    .sort((a, b) => Number(a.username.slice(10)) - Number(b.username.slice(10)))
    .map((row, index) => ({ id: row.id, token: row.token, lat: 14.742 + (index % 10) * 0.0002, lng: 121.045 + Math.floor(index / 10) % 10 * 0.0002 }));
  return { tanods, admins: admin.tokens };
}

/** A session row and a signed token per tanod, and ADMINS sessions for the demo admin. */
async function insertSessions(db, rows) {
  const key = new TextEncoder().encode(SECRET);
  const expires = Math.floor(Date.now() / 1000) + 6 * 3600;
  const sign = (row, jti) =>
    new SignJWT({ id: row.id, userType: row.user_type }).setProtectedHeader({ alg: 'HS256' }).setJti(jti).setSubject(row.id).setIssuedAt().setExpirationTime(expires).sign(key);
  const values = [];
  for (const row of rows) {
    const count = row.username === 'admin' ? ADMINS : 1;
    const tokens = [];
    for (let i = 0; i < count; i += 1) {
      const jti = crypto.randomUUID();
      values.push(`('${jti}', '${row.id}', to_timestamp(${expires}))`);
      tokens.push(await sign(row, jti));
    }
    if (row.username === 'admin') row.tokens = tokens;
    else row.token = tokens[0];
  }
  for (let i = 0; i < values.length; i += 500) await db.query(`insert into sessions (id, user_id, expires_at) values ${values.slice(i, i + 500).join(',')}`);
}

async function cpuSeconds(pid) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function memoryOf(pid) {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

async function waitForHealth(url) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 90 s');
    await sleep(200);
  }
}

function run(command, commandArgs, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${commandArgs.join(' ')} exited ${code}`))));
  });
}

// ---------- output ----------
async function record(all) {
  const lines = [
    '| Database | Phase | Tanods | Points stored/s | Refused | Deliveries | Fan-out p50 ms | p99 ms | max ms | Ack p50 / p99 ms | Server CPU (% of a core) | CPU ms per point | RSS MB (peak) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [database, result] of Object.entries(all)) {
    for (const r of result.rows) {
      lines.push(
        `| ${database} | ${r.name} | ${r.tanods} | ${r.pointsPerSecond.toFixed(1)} | ${r.refused} | ${r.deliveries} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.ackP50.toFixed(1)} / ${r.ackP99.toFixed(1)} | ${r.cpuPercent.toFixed(0)} | ${((r.cpuPercent * 10) / Math.max(r.pointsPerSecond, 0.001)).toFixed(2)} | ${r.rssMb} (${r.peakMb}) |`,
      );
    }
  }
  const table = lines.join('\n');
  const ceilings = Object.entries(all)
    .map(([database, result]) => `${database}: ${result.ceiling ? `p99 passed ${P99_LIMIT_MS} ms at ${result.ceiling} tanods` : `p99 stayed under ${P99_LIMIT_MS} ms up to ${result.rows.at(-1).tanods} tanods (the largest step run)`}`)
    .join('; ');
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
  console.log(`\n${table}\n\nCeiling: ${ceilings}. Load average at the end ${load}.`);
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load average at the end ${load} (1 / 5 / 15 min)`;
  const section = [
    '## Live tracking',
    '',
    '`npm run build && node bench/tracking.mjs` (arguments: tanods, seconds; `--db pglite|postgres|both`, `--port`).',
    '',
    `Built server, loopback, ${machine}; measured ${new Date().toISOString().slice(0, 10)}. The bench's own ${TANODS}+ socket clients run on the same machine.`,
    `Each tanod on patrol sends one point every 5 s over \`tracking:points\` (acknowledged after commit); ${ADMINS} admins watch the live map.`,
    'Points stored/s counts acknowledged points; ack latency is from the send to the acknowledgement (after commit); fan-out latency is from the send to the `tracking:position` arriving at each admin',
    `(every admin counts, so ${ADMINS} deliveries per point). Baseline: 10 tanods, same server, same run. Steps add ${STEP_TANODS} tanods for ${STEP_SECONDS} s`,
    `until p99 passes ${P99_LIMIT_MS} ms. Server CPU is user + system time of the server process over the phase; RSS at the end (peak).`,
    '',
    table,
    '',
    `Ceiling: ${ceilings}.`,
    '',
    '',
  ].join('\n');
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const current = await fs.readFile(file, 'utf8').catch(() => '# Benchmarks\n\n');
  const start = current.indexOf('## Live tracking');
  let next;
  if (start === -1) next = current.trimEnd() + '\n\n' + section;
  else {
    const after = current.indexOf('\n## ', start + 1);
    next = current.slice(0, start) + section + (after === -1 ? '' : current.slice(after + 1));
  }
  await fs.writeFile(file, next);
  console.log('Written to docs/benchmarks.md ("Live tracking").');
}
