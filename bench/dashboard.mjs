// `npm run build && node bench/dashboard.mjs` (PostgreSQL on BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; `PORT` pins the server's port; `--points N`,
// `--incidents N`, `--runs N` scale it down for a quick look; `--keep` leaves the database).
//
// The admin dashboard and the all-tanods performance call on a barangay far
// bigger than a real one. A fresh database gets the migrations and the demo (seed:demo), then, in
// SQL (generate_series, indexes of location_points dropped during the load and re-created with
// their own definitions), 100 tanods in all, a year of schedules and patrols for them, 100,000
// incidents over the year with their timelines and ratings, loans, backup calls, and 5 million
// location points on the patrols. The built server starts on it; an admin signs in and the bench
// times GET /api/dashboard/admin and GET /api/performance (period month and year): p50/p99 one at
// a time, then with 10 at once. Last, it turns on a query log preloaded into the server
// (bench/lib/query-log.mjs), makes each call once, and runs EXPLAIN (ANALYZE, BUFFERS) on every
// statement the call sent, flagging sequential scans of the big tables.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ROOT, startServer } from './lib/server.mjs';

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const TANODS = 100;
const INCIDENTS = arg('incidents', 100_000);
const POINTS = arg('points', 5_000_000);
const RUNS = arg('runs', 30);
const CONCURRENCY = 10;
const KEEP = process.argv.includes('--keep');
const PASSWORD = 'Bantay-demo-2026';
const BIG_TABLES = new Set(['incidents', 'incident_events', 'location_points', 'patrols', 'schedules', 'schedule_members', 'evaluations', 'loans', 'assistance_requests']);
const CALLS = [
  { name: 'dashboard (month)', path: '/api/dashboard/admin' },
  { name: 'dashboard (year)', path: '/api/dashboard/admin?period=year' },
  { name: 'performance (month)', path: '/api/performance?period=month' },
  { name: 'performance (year)', path: '/api/performance?period=year' },
];

const loadAverage = async () => (await fs.readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' / ');
const log = (message) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
const queryLog = path.join(os.tmpdir(), `bantay-bench-queries-${process.pid}.jsonl`);
const loadStart = await loadAverage();
const figures = { generate: {} };

async function timed(label, work) {
  const start = performance.now();
  const result = await work();
  figures.generate[label] = (performance.now() - start) / 1000;
  log(`${label}: ${figures.generate[label].toFixed(1)} s`);
  return result;
}

/** The bulk data, in SQL on the migrated and demo-seeded database. */
async function generate(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text, values) => client.query(text, values);
  try {
    await timed('tanods', () =>
      q(`insert into users (first_name, last_name, username, email, phone_number, user_type, password_hash, gender, address)
         select 'Bench', 'Tanod ' || lpad(g::text, 3, '0'), 'bench' || lpad(g::text, 3, '0'), 'bench' || g || '@bantay.local',
           '+6391700' || lpad(g::text, 5, '0'), 'tanod', (select password_hash from users where username = 'tanod1'), 'male', 'Bench'
         from generate_series(1, $1 - (select count(*)::int from users where user_type = 'tanod')) g`, [TANODS]),
    );
    // Pairs of bench tanods walk a 12-hour shift three days a week (day or night by pair), a year back.
    await q(`create temp table bench_tanods as select id, (row_number() over (order by username) - 1)::int as n from users where username like 'bench%'`);
    await timed('schedules, members and patrols (a year)', async () => {
      await q(`create temp table bench_schedules as
        select gen_random_uuid() as id, p, d, (case when p % 2 = 0 then 'day' else 'night' end)::schedule_shift as shift,
          ((date_trunc('day', now() at time zone 'Asia/Manila') - make_interval(days => d) + make_interval(hours => case when p % 2 = 0 then 6 else 18 end))
            at time zone 'Asia/Manila') as starts_at
        from generate_series(0, (select max(n) / 2 from bench_tanods)) p, generate_series(1, 365) d
        where (d + p) % 7 in (0, 3, 5)`);
      await q(`insert into schedules (id, code, shift, starts_at, ends_at, patrol_area_id, reminder_sent_at, created_at, updated_at)
        select s.id, 'SCH-B' || row_number() over (), s.shift, s.starts_at, s.starts_at + interval '12 hours',
          (array(select id from patrol_areas order by name))[s.p % 4 + 1], s.starts_at, s.starts_at - interval '7 days', s.starts_at - interval '7 days'
        from bench_schedules s`);
      await q(`insert into schedule_members (schedule_id, tanod_id, is_leader)
        select s.id, t.id, t.n % 2 = 0 from bench_schedules s join bench_tanods t on t.n / 2 = s.p`);
      await q(`insert into patrols (schedule_id, tanod_id, attendance, started_at, ended_at, start_lat, start_lng, end_lat, end_lng, created_at, updated_at)
        select schedule_id, tanod_id, kind::patrol_attendance,
          case when kind = 'absent' then null else starts_at + make_interval(mins => case when kind = 'late' then 5 + (r2 * 40)::int else -(r2 * 6)::int end) end,
          case when kind = 'absent' then null else starts_at + interval '12 hours' + make_interval(mins => (r2 * 15)::int - 10) end,
          case when kind = 'absent' then null else 14.7356 end, case when kind = 'absent' then null else 121.0498 end,
          case when kind = 'absent' then null else 14.7360 end, case when kind = 'absent' then null else 121.0502 end,
          starts_at, starts_at + interval '12 hours'
        from (
          select m.schedule_id, m.tanod_id, s.starts_at, random() as r2,
            case when r < 0.07 then 'absent' when r < 0.22 then 'late' else 'on_time' end as kind
          from (select *, random() as r from schedule_members) m
          join bench_schedules s on s.id = m.schedule_id
        ) x`);
    });
    await timed('incidents with timelines and ratings', async () => {
      const existing = (await q(`select count(*)::int as n from incidents`)).rows[0].n;
      await q(`create temp table bench_responders as select id, (row_number() over () - 1)::int as n from users where user_type = 'tanod'`);
      await q(`insert into incidents (ticket, type, classification, status, description, occurred_at, lat, lng, accuracy, responder_id, responded_at,
          resolved_by_id, resolved_at, resolution_log, closing_reason, created_at, updated_at)
        select 'BR-' || lpad(g::text, 7, '0'), t.name, t.classification::incident_classification, x.status::incident_status, 'Bench report',
          x.created_at - interval '10 minutes', 14.7356 + (x.r3 - 0.5) * 0.02, 121.0498 + (x.r4 - 0.5) * 0.024, 15,
          x.responder_id,
          case when x.status in ('resolved', 'false_alarm', 'in_progress') then x.created_at + make_interval(secs => 120 + x.r5 * 1800) end,
          case when x.status = 'resolved' then x.responder_id end,
          case when x.status in ('resolved', 'false_alarm', 'rejected') then x.created_at + make_interval(secs => 1200 + x.r5 * 1800 + x.r3 * 7200) end,
          case when x.status = 'resolved' then 'Settled on the spot.' end,
          case when x.status in ('false_alarm', 'rejected') then 'Bench closing reason.' end,
          x.created_at, x.created_at
        from (
          select *,
            -- The open ones are the newest 40: 30 pending, 10 in progress (one per bench tanod, as the rule says).
            case when status in ('resolved', 'false_alarm') then (array(select id from bench_responders order by n))[1 + responder]
              when status = 'in_progress' then (array(select id from bench_tanods order by n))[g - 30] end as responder_id
          from (select g, random() as r3, random() as r4, random() as r5, (random() * 11)::int as t, (random() * 1000)::int % $2 as responder,
            case when g <= 40 then now() - make_interval(secs => g * 600) else now() - make_interval(secs => 86400 + random() * 364 * 86400) end as created_at,
            case when g <= 30 then 'pending' when g <= 40 then 'in_progress' else (array['resolved', 'resolved', 'resolved', 'resolved', 'resolved', 'resolved', 'resolved', 'resolved', 'false_alarm', 'rejected'])[1 + (random() * 9)::int] end as status
          from generate_series(1, $1) g) y
        ) x
        join (select name, classification, (row_number() over () - 1)::int as i from (values
          ('Fire', 'emergency'), ('Medical emergency', 'emergency'), ('Crime in progress', 'emergency'), ('Natural disaster', 'emergency'),
          ('Accident', 'emergency'), ('Theft', 'normal'), ('Noise disturbance', 'normal'), ('Vandalism', 'normal'),
          ('Suspicious person or activity', 'normal'), ('Public disturbance', 'normal'), ('Other', 'normal'), ('Other', 'normal')) v(name, classification)) t on t.i = x.t
        `, [INCIDENTS - existing, TANODS]);
      await q(`insert into incident_events (incident_id, at, kind, actor_id, subject_user_id, detail)
        select id, created_at, 'created'::incident_event_kind, null::uuid, null::uuid, null from incidents where ticket like 'BR-%'
        union all
        select id, responded_at, 'responded'::incident_event_kind, responder_id, responder_id, null from incidents where ticket like 'BR-%' and responded_at is not null
        union all
        select id, resolved_at, status::text::incident_event_kind, null, null, coalesce(resolution_log, closing_reason) from incidents where ticket like 'BR-%' and resolved_at is not null`);
      await q(`insert into evaluations (tanod_id, rating, comment, source, incident_id, created_at)
        select resolved_by_id, least(5, 2 + (random() * 3.5)::int), 'Bench rating', 'ticket', id, resolved_at + interval '1 hour'
        from incidents where ticket like 'BR-%' and status = 'resolved' and random() < 0.4`);
    });
    await timed('loans and backup calls', async () => {
      await q(`insert into loans (item_id, borrower_id, quantity, borrowed_at, due_at, returned_at, return_condition, created_at, updated_at)
        select (array(select id from inventory_items order by name))[1 + (random() * 23)::int], t.id, 1, b, b + interval '12 hours',
          case when r < 0.75 then b + interval '11 hours' else b + make_interval(hours => 13 + (r * 48)::int) end, 'good', b, b
        from bench_tanods t, generate_series(1, 52) w, lateral (select now() - make_interval(days => w * 7) as b, random() as r) x`);
      await q(`insert into assistance_requests (requester_id, incident_id, lat, lng, reason, status, created_at, updated_at)
        select responder_id, id, lat, lng, 'Bench backup', (case when random() < 0.8 then 'completed' else 'rejected' end)::assistance_status, responded_at, responded_at
        from incidents where ticket like 'BR-%' and classification = 'emergency' and responded_at is not null and status <> 'in_progress' and random() < 0.05`);
    });
    await timed('location points', async () => {
      const existing = (await q(`select count(*)::int as n from location_points`)).rows[0].n;
      const attended = (await q(`select count(*)::int as n from patrols p join bench_tanods t on t.id = p.tanod_id where p.started_at is not null`)).rows[0].n;
      const perPatrol = Math.round((POINTS - existing) / attended);
      const seconds = Math.floor((11.5 * 3600) / perPatrol);
      // The bulk load goes faster without the indexes; they are re-created from their own definitions.
      const primaryKey = (await q(`select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'location_points'::regclass and contype = 'p'`)).rows[0];
      const indexes = (await q(`select indexname, indexdef from pg_indexes where tablename = 'location_points' and indexname <> $1`, [primaryKey.conname])).rows;
      for (const index of indexes) await q(`drop index ${index.indexname}`);
      await q(`alter table location_points drop constraint ${primaryKey.conname}`);
      const months = 12;
      const loadedAt = new Date().toISOString();
      for (let month = 0; month < months; month += 1) {
        await q(`insert into location_points (user_id, at, patrol_id, received_at, lat, lng, accuracy, speed, heading)
          select p.tanod_id, p.started_at + make_interval(secs => i * $1), p.id, p.started_at + make_interval(secs => i * $1 + 1),
            14.7356 + 0.004 * sin(i / 15.0 + (hashtext(p.id::text) % 100)), 121.0498 + 0.004 * cos(i / 15.0 + (hashtext(p.id::text) % 100)), 8, 1.2, null
          from patrols p join bench_tanods t on t.id = p.tanod_id, generate_series(0, $2 - 1) i
          where p.started_at is not null and p.started_at >= $4::timestamptz - make_interval(days => ($3 + 1) * 31) and p.started_at < $4::timestamptz - make_interval(days => $3 * 31)`,
          // One instant for every slice: now() moves between statements, and a patrol on a moving edge would be loaded twice.
          [seconds, perPatrol, month, loadedAt]);
        process.stdout.write(`  month ${month + 1}/${months}\r`);
      }
      await q(`alter table location_points add constraint ${primaryKey.conname} ${primaryKey.def}`);
      for (const index of indexes) await q(index.indexdef);
    });
    await timed('vacuum analyze', () => q('vacuum analyze'));
    const sizes = await q(`select relname as table, n_live_tup::bigint as rows, pg_size_pretty(pg_total_relation_size(relid)) as size
      from pg_stat_user_tables where relname = any($1) order by pg_total_relation_size(relid) desc`, [[...BIG_TABLES, 'users']]);
    figures.sizes = sizes.rows;
  } finally {
    await client.end();
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

await fs.rm(queryLog, { force: true });
log(`load average at the start: ${loadStart}`);
const server = await startServer({
  database: 'postgres',
  port: process.env.PORT ? Number(process.env.PORT) : undefined,
  env: { BENCH_QUERY_LOG: queryLog },
  nodeArgs: ['--import', pathToFileURL(path.join(ROOT, 'bench/lib/query-log.mjs')).href],
  beforeStart: async (env) => {
    log('demo seeded; generating the bulk data');
    await generate(env.DATABASE_URL);
  },
});
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const call = async (url) => {
    const start = performance.now();
    const response = await fetch(`${server.url}${url}`, { headers });
    const body = await response.text();
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 200)}`);
    return { ms: performance.now() - start, bytes: body.length, body };
  };

  const results = [];
  for (const { name, path: url } of CALLS) {
    await call(url); // warm-up: JIT, caches, connections (three times for the quick calls)
    const first = await call(url);
    if (first.ms < 5000) for (let i = 0; i < 2; i += 1) await call(url);
    // Slow calls get fewer runs, so a run stays within minutes.
    const runs = first.ms > 5000 ? 3 : first.ms > 1000 ? Math.min(RUNS, 10) : RUNS;
    const sequential = [];
    for (let i = 0; i < runs; i += 1) sequential.push((await call(url)).ms);
    const concurrent = [];
    const perWorker = first.ms > 5000 ? 1 : Math.max(2, Math.round(runs / 5));
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = 0; i < perWorker; i += 1) concurrent.push((await call(url)).ms);
      }),
    );
    const perSecond = concurrent.length / ((performance.now() - start) / 1000);
    results.push({ name, url, bytes: first.bytes, runs, sequential, concurrent, perSecond });
    log(`${name}: p50 ${percentile(sequential, 50).toFixed(1)} ms, p99 ${percentile(sequential, 99).toFixed(1)} ms; 10 at once p50 ${percentile(concurrent, 50).toFixed(1)} ms`);
  }

  // Plans: each call once with the query log on, then EXPLAIN (ANALYZE, BUFFERS) of its statements.
  const plans = [];
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await client.connect();
  for (const { name, path: url } of CALLS) {
    await fs.rm(queryLog, { force: true });
    await toggleQueryLog(true);
    await call(url);
    const lines = await toggleQueryLog(false);
    for (const { text, values } of lines) {
      if (!text || !/^\s*(select|with)\b/i.test(text) || /pg_notify/.test(text)) continue;
      await client.query('begin');
      try {
        const { rows } = await client.query({ text: `explain (analyze, buffers, format json) ${text}`, values });
        plans.push({ call: name, text, ...summarise(rows[0]['QUERY PLAN'][0]) });
      } finally {
        await client.query('rollback');
      }
    }
  }
  await client.end();

  const ms = (value) => value.toFixed(1);
  console.log(`\n## Dashboard and performance on PostgreSQL: ${TANODS} tanods, ${INCIDENTS.toLocaleString('en')} incidents, ${POINTS.toLocaleString('en')} location points`);
  console.log(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}; load average ${loadStart} at the start, ${await loadAverage()} at the end.\n`);
  console.log('| Table | Rows | Size |\n|---|---:|---:|');
  for (const row of figures.sizes) console.log(`| ${row.table} | ${Number(row.rows).toLocaleString('en')} | ${row.size} |`);
  console.log(`\nGenerating: ${Object.entries(figures.generate).map(([label, s]) => `${label} ${s.toFixed(0)} s`).join(', ')}.\n`);
  console.log('| Call | Response | Sequential p50 | p99 | 10 at once p50 | p99 | Calls/s (10 at once) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| \`GET ${r.url}\` (${r.runs} + ${r.concurrent.length}) | ${(r.bytes / 1024).toFixed(1)} KB | ${ms(percentile(r.sequential, 50))} ms | ${ms(percentile(r.sequential, 99))} ms | ${ms(percentile(r.concurrent, 50))} ms | ${ms(percentile(r.concurrent, 99))} ms | ${r.perSecond.toFixed(1)} |`);
  }
  console.log('\n| Call | Statement | Execution | Buffers (hit / read) | Scans | Seq Scan on a big table |');
  console.log('|---|---|---:|---:|---|---|');
  for (const plan of plans) {
    const statement = plan.text.replace(/\s+/g, ' ').trim().slice(0, 70).replace(/\|/g, '\\|');
    console.log(`| ${plan.call} | \`${statement}…\` | ${ms(plan.executionMs)} ms | ${plan.hit} / ${plan.read} | ${plan.scans.join('; ')} | ${plan.seqScans.length ? `**${plan.seqScans.join(', ')}**` : 'none'} |`);
  }
} finally {
  if (KEEP) {
    // `--keep`: the database stays for EXPLAIN by hand; drop it when done.
    process.kill(server.pid);
    console.log(`\nKept the database: ${server.env.DATABASE_URL}`);
  } else {
    await server.stop();
  }
  await fs.rm(queryLog, { force: true });
}

/** Flips the server's query log and waits until it says so; answers the logged lines. */
async function toggleQueryLog(on) {
  process.kill(server.pid, 'SIGUSR2');
  for (;;) {
    const lines = (await fs.readFile(queryLog, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((line) => JSON.parse(line));
    if (lines.some((line) => line.on === on)) return lines;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The figures of one EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) plan: time, buffers, scans. */
function summarise(plan) {
  const scans = [];
  const seqScans = [];
  const walk = (node) => {
    if (/Scan$/.test(node['Node Type']) && node['Relation Name']) {
      const rows = node['Actual Rows'] * (node['Actual Loops'] ?? 1);
      const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
      scans.push(`${node['Node Type']}${using} on ${node['Relation Name']} (${rows.toLocaleString('en')} rows${node['Actual Loops'] > 1 ? `, ${node['Actual Loops']} loops` : ''})`);
      if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(node['Relation Name'])) seqScans.push(node['Relation Name']);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return {
    executionMs: plan['Execution Time'],
    hit: plan.Plan['Shared Hit Blocks'] ?? 0,
    read: plan.Plan['Shared Read Blocks'] ?? 0,
    scans: [...new Set(scans)],
    seqScans: [...new Set(seqScans)],
  };
}
