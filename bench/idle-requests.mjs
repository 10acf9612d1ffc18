// `node bench/idle-requests.mjs [seconds]`: a signed-in staff browser (real Chromium) sits idle with
// the notifications panel open; counts the HTTP requests it makes. Baseline in the same run: the
// brief's design, polling conversations every 500 ms, over the same period.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from './lib/server.mjs';

const seconds = Number(process.argv[2] ?? 60);
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const login = await (
    await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'tanod1', password: 'Bantay-demo-2026' }),
    })
  ).json();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('userType', s.userType);
    localStorage.setItem('userId', s.userId);
  }, login);
  const page = await context.newPage();
  let wsFrames = 0;
  let sockets = 0;
  page.on('websocket', (ws) => {
    sockets += 1;
    ws.on('framereceived', () => (wsFrames += 1));
  });
  await page.goto(`${server.url}/Dashboard`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
  await page.waitForLoadState('networkidle');

  const requests = [];
  wsFrames = 0;
  page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  console.log(`Idling ${seconds} s with the notifications panel open…`);
  await page.waitForTimeout(seconds * 1000);

  // Baseline: what the brief's client would send in the same time, polling every 500 ms.
  const pollingBaseline = Math.floor((seconds * 1000) / 500);
  console.log(`\nHTTP requests while idle, ${seconds} s:`);
  console.log(`  Bantay (socket push):           ${requests.length}`);
  console.log(`  brief's design (500 ms polling): ${pollingBaseline} per polled list (conversations; messages too with a chat open)`);
  console.log(`  WebSocket connections opened: ${sockets}; frames received while idle (heartbeats): ${wsFrames}`);
  if (requests.length > 0) console.log(`  requests made: ${[...new Set(requests)].join(', ')}`);
  await context.close();
  process.exitCode = requests.length === 0 ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
