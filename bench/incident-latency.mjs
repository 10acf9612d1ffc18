/* global window, document, MutationObserver -- the page scripts below run in the browser. */
// `node bench/incident-latency.mjs [reports] [pollReports]` (defaults 15 and 3; run `npm run build` first;
// PORT picks the server's port).
//
// How long a new report takes to appear in an open staff browser. The built server runs
// on a fresh embedded database with the demo data; Debian's Chromium shows a tanod's /Patrolmap.
// Reports are filed through the public API as the report page files them (bot-check solved before
// the clock starts). The clock runs from the moment the report is sent until the browser puts the
// report's row into the queue (a MutationObserver in the page takes the time; both clocks are this
// machine's wall clock). Two designs in the same run:
//   push: the page hears `incident:created` on its socket and refetches the list (ours);
//   poll: the socket is blocked, so the page falls back to refetching every 15 s.
import os from 'node:os';
import { chromium } from 'playwright-core';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from './lib/server.mjs';

const REPORTS = Number(process.argv[2] ?? 15);
const POLL_REPORTS = Number(process.argv[3] ?? 3);
const TANOD = 'tanod5';
const DEMO_CENTRE = { lat: 14.7356, lng: 121.0498 };

const server = await startServer({ env: { REPORT_RATE_LIMIT_PER_IP: '100000', REPORT_RATE_LIMIT_PER_DEVICE: '100000' } });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const hardStop = setTimeout(async () => {
  console.error('incident-latency: did not finish in 5 minutes, giving up');
  await browser.close();
  await server.stop();
  process.exit(2);
}, 300_000);

try {
  const session = await post('/api/auth/login', { username: TANOD, password: 'Bantay-demo-2026' });
  const settings = await (await fetch(`${server.url}/api/settings/public`)).json();
  const type = settings.incidentTypes[0].name;

  const push = await measure({ blockSocket: false, count: REPORTS });
  const poll = await measure({ blockSocket: true, count: POLL_REPORTS });

  console.log(`\nLoad average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${os.cpus().length} cores (other work on the machine inflates the figures).`);
  console.log('\nFrom sending a report to its row in an open tanod browser (ms):\n');
  console.log('| Design | Reports | p50 | p95 | max | server answered the report (p50) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, result] of [
    ['push: socket event, then refetch (ours)', push],
    ['poll: socket blocked, 15 s fallback refetch', poll],
  ]) {
    console.log(`| ${name} | ${result.arrivals.length} | ${pct(result.arrivals, 50)} | ${pct(result.arrivals, 95)} | ${Math.max(...result.arrivals)} | ${pct(result.acks, 50)} |`);
  }

  async function measure({ blockSocket, count }) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
    if (blockSocket) {
      await context.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
      await context.route(/\/socket\.io\//, (route) => route.abort());
    }
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('userType', s.userType);
      localStorage.setItem('userId', s.userId);
      // The time each queue row first appears, by ticket (epoch ms, comparable with Node's Date.now()).
      window.__arrivals = {};
      new MutationObserver(() => {
        for (const row of document.querySelectorAll('[data-testid="queue-item"][data-ticket]')) {
          const ticket = row.getAttribute('data-ticket');
          window.__arrivals[ticket] ??= performance.timeOrigin + performance.now();
        }
      }).observe(document, { subtree: true, childList: true });
    }, session);
    const page = await context.newPage();
    await page.goto(`${server.url}/Patrolmap`);
    await page.getByRole('heading', { name: 'Incident queue' }).waitFor();
    // One report first, not counted: it proves the page is live (socket joined, list loaded).
    await fileAndWait(page, blockSocket ? 40_000 : 20_000);
    const arrivals = [];
    const acks = [];
    for (let i = 0; i < count; i += 1) {
      // Each report would otherwise land just after the previous poll (worst case): file it at a
      // random point of the polling period instead, as reports really come.
      if (blockSocket) await new Promise((resolve) => setTimeout(resolve, Math.random() * 15_000));
      const { arrival, ack } = await fileAndWait(page, blockSocket ? 40_000 : 20_000);
      arrivals.push(arrival);
      acks.push(ack);
    }
    await context.close();
    return { arrivals: arrivals.sort((a, b) => a - b), acks: acks.sort((a, b) => a - b) };
  }

  async function fileAndWait(page, timeout) {
    const body = {
      type,
      classification: 'normal',
      description: 'Bench: a loud fight outside the sari-sari store.',
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      location: DEMO_CENTRE,
      botCheck: await solveBotCheck(),
      deviceId: `bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
    };
    const sentAt = Date.now();
    const { ticket } = await post('/api/public/incidents', body);
    const ack = Date.now() - sentAt;
    await page.waitForFunction((t) => window.__arrivals[t] !== undefined, ticket, { timeout, polling: 100 });
    const arrivedAt = await page.evaluate((t) => window.__arrivals[t], ticket);
    return { arrival: Math.round(arrivedAt - sentAt), ack };
  }
} finally {
  clearTimeout(hardStop);
  await browser.close();
  await server.stop();
}

async function solveBotCheck() {
  const challenge = await (await fetch(`${server.url}/api/bot-check/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function post(path, body) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
