// `node bench/crash.mjs [--db pglite|postgres|both] [--kill-after N]` (run `npm run build` first).
//
// Crash safety (decision 024): the built server on a fresh embedded database (a DATA_DIR) or a fresh
// PostgreSQL database (on BENCH_POSTGRES_URL). A supadmin and a tanod sign in; then a burst of public incident
// reports (each with its solved bot-check) and chat messages runs from many concurrent clients, and
// the server is killed with SIGKILL once N writes have been acknowledged, with more in flight. The
// server is started again on the same data: every acknowledged report and message must be there,
// the database must open without help, and a new write must succeed. Exits 1 when anything
// acknowledged is missing. Prints sent / acknowledged / found after restart per database.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ROOT, createBenchDatabase, freePort } from './lib/server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const DATABASES = option('db', 'both') === 'both' ? ['pglite', 'postgres'] : [option('db')];
const KILL_AFTER = Number(option('kill-after', 120));
const REPORT_CLIENTS = 12;
const CHAT_CLIENTS = 12;
const SUPADMIN = { username: 'crashsup', password: 'Crash-bench-supadmin-2026' };
const TANOD_PASSWORD = 'Crash-bench-tanod-2026';
const CENTRE = { lat: 14.7356, lng: 121.0498 };

const results = [];
let failed = false;
for (const database of DATABASES) {
  const result = await crashRun(database);
  results.push(result);
  if (result.lost > 0 || !result.cleanRestart) failed = true;
}

console.log(`\nLoad average ${os.loadavg().map((load) => load.toFixed(1)).join(' / ')} on ${os.cpus().length} cores; Node ${process.version}.\n`);
console.log('| Database | Sent | Acknowledged | Acknowledged found after restart | Lost | Unacknowledged but stored | Restart to healthy | Clean restart |');
console.log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const r of results) {
  console.log(
    `| ${r.label} | ${r.sent} (${r.reports.sent} reports, ${r.messages.sent} messages) | ${r.acknowledged} | ${r.found} | ${r.lost} | ${r.extra} | ${r.restartMs} ms | ${r.cleanRestart ? 'yes' : 'NO'} |`,
  );
}
process.exit(failed ? 1 : 0);

async function crashRun(database) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-crash-'));
  const port = process.env.PORT ? Number(process.env.PORT) : await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    BANTAY_SUPADMIN_USERNAME: SUPADMIN.username,
    BANTAY_SUPADMIN_PASSWORD: SUPADMIN.password,
    // A proof of work that solves in milliseconds (same protocol), and no limit in the way of the burst.
    ALTCHA_COST: '1',
    ALTCHA_MAX_NUMBER: '20',
    REPORT_RATE_LIMIT_PER_IP: '1000000',
    REPORT_RATE_LIMIT_PER_DEVICE: '1000000',
    LOGIN_RATE_LIMIT: '1000000',
  };
  delete env.DATABASE_URL;
  delete env.METRICS_PORT;
  let drop = async () => {};
  if (database === 'postgres') {
    const created = await createBenchDatabase();
    env.DATABASE_URL = created.url;
    drop = created.drop;
  }
  const url = `http://127.0.0.1:${port}`;
  try {
    let server = await start(env, url);
    const supadmin = await login(url, SUPADMIN.username, SUPADMIN.password);
    const tanod = await createTanod(url, supadmin);
    const started = await call(url, 'POST', '/api/messages/conversations', supadmin, { participantId: tanod.userId });
    if (started.status !== 200) throw new Error(`conversation: ${started.status} ${JSON.stringify(started.body)}`);
    const conversation = started.body.conversation._id;
    const type = (await call(url, 'GET', '/api/settings/public')).body.incidentTypes[0].name;
    // Solved before the burst, so the burst is all writes (the challenge route admits 120 a minute).
    const solutions = [];
    for (let i = 0; i < 110; i += 1) solutions.push(await solveBotCheck(url));

    const reports = { sent: 0, acknowledged: new Set(), all: [] };
    const messages = { sent: 0, acknowledged: new Set(), all: [] };
    let stop = false;
    let killed;
    const killWhenEnough = () => {
      if (killed || reports.acknowledged.size + messages.acknowledged.size < KILL_AFTER) return;
      // SIGKILL: no handler runs, nothing is flushed or closed; writes are still in flight.
      server.child.kill('SIGKILL');
      killed = new Promise((resolve) => server.child.once('exit', resolve));
      stop = true;
    };
    const reportClient = async (client) => {
      for (let n = 0; !stop; n += 1) {
        const botCheck = solutions.pop();
        if (!botCheck) return;
        const description = `Crash bench report ${client}-${n}: a loud fight outside the store.`;
        reports.sent += 1;
        reports.all.push(description);
        try {
          const response = await call(url, 'POST', '/api/public/incidents', null, {
            type,
            classification: 'normal',
            description,
            occurredAt: new Date(Date.now() - 60_000).toISOString(),
            location: CENTRE,
            botCheck,
            deviceId: `crash${client}x${n}x${Date.now().toString(36)}`,
          });
          if (response.status !== 201) throw new Error(`report answered ${response.status}: ${JSON.stringify(response.body)}`);
          reports.acknowledged.add(response.body.ticket);
          killWhenEnough();
        } catch (error) {
          if (!stop) throw error;
        }
      }
    };
    const chatClient = async (client) => {
      const sender = client % 2 === 0 ? supadmin : tanod;
      for (let n = 0; !stop; n += 1) {
        const content = `crash bench message ${client}-${n}`;
        messages.sent += 1;
        messages.all.push(content);
        try {
          const response = await call(url, 'POST', '/api/messages', sender.token, { conversationId: conversation, content });
          if (response.status !== 200) throw new Error(`message answered ${response.status}: ${JSON.stringify(response.body)}`);
          messages.acknowledged.add(content);
          killWhenEnough();
        } catch (error) {
          if (!stop) throw error;
        }
      }
    };
    await Promise.all([
      ...Array.from({ length: REPORT_CLIENTS }, (_, client) => reportClient(client)),
      ...Array.from({ length: CHAT_CLIENTS }, (_, client) => chatClient(client)),
    ]);
    if (!killed) throw new Error(`the burst ended before ${KILL_AFTER} acknowledged writes: raise the bot-check solutions`);
    await killed;

    const restartStarted = performance.now();
    server = await start(env, url);
    const restartMs = Math.round(performance.now() - restartStarted);
    const again = await login(url, SUPADMIN.username, SUPADMIN.password);
    const storedTickets = new Set();
    for (const ticket of reports.acknowledged) {
      const found = await call(url, 'GET', `/api/incidents?q=${encodeURIComponent(ticket)}&limit=5`, again.token);
      if (found.body.items.some((item) => item.ticket === ticket)) storedTickets.add(ticket);
    }
    const storedReports = await countStoredReports(url, again.token);
    const storedMessages = await storedMessageContents(url, again.token, conversation);
    // The database takes new writes after its recovery, not only reads.
    const after = await call(url, 'POST', '/api/messages', again.token, { conversationId: conversation, content: 'after the crash' });
    const cleanRestart = after.status === 200 && server.errors.length === 0;
    server.child.kill('SIGTERM');
    const exitCode = await new Promise((resolve) => server.child.once('exit', resolve));

    const foundMessages = [...messages.acknowledged].filter((content) => storedMessages.has(content)).length;
    const acknowledged = reports.acknowledged.size + messages.acknowledged.size;
    const found = storedTickets.size + foundMessages;
    const extra = storedReports - storedTickets.size + (storedMessages.size - foundMessages);
    if (server.errors.length) console.error(`${database}: errors logged after the restart:\n${server.errors.join('\n')}`);
    return {
      label: database === 'pglite' ? 'embedded (PGlite, fsync on)' : 'PostgreSQL',
      sent: reports.sent + messages.sent,
      reports: { sent: reports.sent, acknowledged: reports.acknowledged.size },
      messages: { sent: messages.sent, acknowledged: messages.acknowledged.size },
      acknowledged,
      found,
      lost: acknowledged - found,
      extra,
      restartMs,
      cleanRestart: cleanRestart && exitCode === 0,
    };
  } finally {
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Starts the built server and waits for its health check; collects error-level log lines. */
async function start(env, url) {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const errors = [];
  const collect = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim()) continue;
      let level = 50;
      try {
        level = JSON.parse(line).level;
      } catch {
        // a line that is not JSON (a crash trace) counts as an error
      }
      if (level >= 50) errors.push(line.slice(0, 500));
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was healthy:\n${errors.join('\n')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, errors };
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function login(url, username, password) {
  const response = await call(url, 'POST', '/api/auth/login', null, { username, password });
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status} ${JSON.stringify(response.body)}`);
  return { token: response.body.token, userId: response.body.userId };
}

/** A tanod created through the API, its one-time password replaced, signed in again. */
async function createTanod(url, supadmin) {
  const created = await call(url, 'POST', '/api/users', supadmin.token, { firstName: 'Crash', lastName: 'Tanod', username: 'crashtanod', userType: 'tanod' });
  if (created.status !== 201) throw new Error(`create tanod: ${created.status} ${JSON.stringify(created.body)}`);
  const first = await login(url, 'crashtanod', created.body.oneTimePassword);
  const changed = await call(url, 'POST', '/api/account/password', first.token, { currentPassword: created.body.oneTimePassword, newPassword: TANOD_PASSWORD });
  if (changed.status !== 200) throw new Error(`password change: ${changed.status} ${JSON.stringify(changed.body)}`);
  return login(url, 'crashtanod', TANOD_PASSWORD);
}

async function solveBotCheck(url) {
  const response = await call(url, 'GET', '/api/bot-check/challenge');
  if (response.status !== 200) throw new Error(`bot-check challenge: ${response.status} ${JSON.stringify(response.body)}`);
  const challenge = response.body;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function countStoredReports(url, token) {
  let count = 0;
  let cursor;
  do {
    const page = await call(url, 'GET', `/api/incidents?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    count += page.body.items.filter((item) => /^Crash bench report/.test(item.description ?? '')).length;
    cursor = page.body.nextCursor;
  } while (cursor);
  return count;
}

async function storedMessageContents(url, token, conversation) {
  const contents = new Set();
  let before;
  do {
    const page = await call(url, 'GET', `/api/messages/conversations/${conversation}/messages?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`, token);
    if (page.status !== 200) throw new Error(`messages: ${page.status} ${JSON.stringify(page.body)}`);
    for (const message of page.body.messages) contents.add(message.content);
    before = page.body.nextCursor;
  } while (before);
  return contents;
}

async function call(url, method, route, token, body) {
  const headers = { ...(token ? { authorization: `Bearer ${typeof token === 'string' ? token : token.token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) };
  const response = await fetch(`${url}${route}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
