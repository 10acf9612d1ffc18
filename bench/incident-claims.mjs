// `node bench/incident-claims.mjs [rounds]` (default 20; run `npm run build` first; PORT picks the
// server's port).
//
// What a contested claim costs. The built server runs on a fresh embedded database with
// the demo data. Each round files one report through the public API, then the five demo tanods
// press Respond on it at the same moment; the figure is the time from sending the five requests to
// the last answer (exactly one 200, four 409 `already_taken` naming the winner). The baseline, in
// the same run, is one tanod responding to a fresh report with nobody else pressing. The winner
// resolves each incident before the next round, so every tanod is free again.
import os from 'node:os';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { startServer } from './lib/server.mjs';

const ROUNDS = Number(process.argv[2] ?? 20);
const PASSWORD = 'Bantay-demo-2026';
const TANODS = ['tanod1', 'tanod2', 'tanod3', 'tanod4', 'tanod5'];
const DEMO_CENTRE = { lat: 14.7356, lng: 121.0498 };

const server = await startServer({ env: { REPORT_RATE_LIMIT_PER_IP: '100000', REPORT_RATE_LIMIT_PER_DEVICE: '100000' } });
try {
  const admin = await login('admin');
  const tanods = [];
  for (const username of TANODS) tanods.push(await login(username));
  // The demo gives some tanods an incident in progress; resolve those so everyone may claim.
  const busy = await call('GET', '/api/incidents?status=in_progress&limit=100', admin);
  for (const incident of busy.body.items) await call('POST', `/api/incidents/${incident._id}/resolve`, admin, { log: 'Closed for the benchmark.' });
  const type = (await (await fetch(`${server.url}/api/settings/public`)).json()).incidentTypes[0].name;

  const alone = [];
  const contested = [];
  let refusals = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    // Baseline: nobody else presses.
    const single = await report(type, admin);
    const claimer = tanods[round % tanods.length];
    let started = performance.now();
    const answer = await call('POST', `/api/incidents/${single}/respond`, claimer);
    alone.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`uncontested claim answered ${answer.status}`);
    await call('POST', `/api/incidents/${single}/resolve`, claimer, { log: 'Benchmark round.' });

    // Contested: all five at once.
    const incident = await report(type, admin);
    started = performance.now();
    const answers = await Promise.all(tanods.map((tanod) => call('POST', `/api/incidents/${incident}/respond`, tanod)));
    contested.push(performance.now() - started);
    const winners = answers.filter((candidate) => candidate.status === 200);
    const losers = answers.filter((candidate) => candidate.status === 409 && candidate.body.error.code === 'already_taken');
    if (winners.length !== 1 || losers.length !== tanods.length - 1) {
      throw new Error(`round ${round}: ${answers.map((candidate) => candidate.status).join(', ')} (want one 200, the rest 409 already_taken)`);
    }
    refusals += losers.length;
    const winner = tanods[answers.indexOf(winners[0])];
    await call('POST', `/api/incidents/${incident}/resolve`, winner, { log: 'Benchmark round.' });
  }

  console.log(`\nLoad average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${os.cpus().length} cores (other work on the machine inflates the figures).`);
  console.log(`\nPOST /api/incidents/{id}/respond, ${ROUNDS} rounds, built server, embedded database (ms):\n`);
  console.log('| Claim | Rounds | p50 | p95 | max | Outcome |');
  console.log('|---|---:|---:|---:|---:|---|');
  console.log(`| one tanod, uncontested (baseline) | ${ROUNDS} | ${pct(alone, 50)} | ${pct(alone, 95)} | ${max(alone)} | ${ROUNDS} × 200 |`);
  console.log(
    `| ${tanods.length} tanods at once, until the last answer | ${ROUNDS} | ${pct(contested, 50)} | ${pct(contested, 95)} | ${max(contested)} | ${ROUNDS} × one 200; ${refusals} × 409 already_taken |`,
  );
} finally {
  await server.stop();
}

async function login(username) {
  const response = await call('POST', '/api/auth/login', null, { username, password: PASSWORD });
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status}`);
  return response.body.token;
}

/** Files a report (bot-check solved first) and returns the incident id, looked up as an admin would. */
async function report(type, admin) {
  const challenge = await (await fetch(`${server.url}/api/bot-check/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const response = await call('POST', '/api/public/incidents', null, {
    type,
    classification: 'normal',
    description: 'Bench: a loud fight outside the sari-sari store.',
    occurredAt: new Date(Date.now() - 60_000).toISOString(),
    location: DEMO_CENTRE,
    botCheck: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    deviceId: `bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
  });
  if (response.status !== 201) throw new Error(`report: ${response.status} ${JSON.stringify(response.body)}`);
  const found = await call('GET', `/api/incidents?q=${response.body.ticket}`, admin);
  return found.body.items[0]._id;
}

async function call(method, path, token, body) {
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) };
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function pct(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
}

function max(values) {
  return Math.max(...values).toFixed(1);
}
