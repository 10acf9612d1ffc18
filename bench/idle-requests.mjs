// `node bench/idle-requests.mjs [seconds]` (after `npm run build`): a signed-in tanod in real
// Chromium sits idle, first with the notifications panel open, then with a chat open, and every
// HTTP request the page makes is counted. Target: zero while the socket is up (docs/product.md §1).
// Baseline in the same run: the same page with the socket blocked, so the app falls back to
// polling (messages every 500 ms as the brief's design does, notifications every 30 s).
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from './lib/server.mjs';

const seconds = Number(process.argv[2] ?? 60);
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function login(username) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Bantay-demo-2026' }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username} failed: ${response.status}`);
  return response.json();
}

async function call(session, method, path, body) {
  const response = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${session.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return response.json();
}

const SCENARIOS = {
  'notifications panel': async (page) => {
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByRole('list').waitFor();
    return () => page.getByRole('dialog', { name: 'Notifications' }).isVisible();
  },
  'chat dialog': async (page) => {
    await page.getByRole('button', { name: 'Messages', exact: true }).click();
    await page.getByRole('dialog', { name: 'Messages' }).getByTestId('conversation-row').first().click();
    const chat = page.getByRole('dialog', { name: /^Chat with / });
    await chat.getByTestId('message').first().waitFor();
    return () => chat.isVisible();
  },
};

/** Opens the scenario's screen, waits for quiet, then counts requests for `seconds`. */
async function measure(session, open, { blockSocket }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('userType', s.userType);
    localStorage.setItem('userId', s.userId);
  }, session);
  // Blocking both socket.io transports leaves the app disconnected, so it polls instead.
  if (blockSocket) {
    await context.route('**/socket.io/**', (route) => route.abort());
    await context.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  }
  const page = await context.newPage();
  let frames = 0;
  let sockets = 0;
  page.on('websocket', (ws) => {
    sockets += 1;
    ws.on('framereceived', () => (frames += 1));
  });
  await page.goto(`${server.url}/Dashboard`, { waitUntil: 'networkidle' });
  const stillOpen = await open(page);
  await page.waitForLoadState('networkidle');
  const requests = [];
  frames = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/socket.io/')) requests.push(`${request.method()} ${url.pathname}`);
  });
  await page.waitForTimeout(seconds * 1000);
  const stayedOpen = await stillOpen();
  await context.close();
  return { requests, sockets, frames, open: stayedOpen };
}

let failed = false;
try {
  const tanod = await login('tanod1');
  const admin = await login('admin');
  // A conversation with a few messages, so the chat has something to show.
  const { conversation } = await call(admin, 'POST', '/api/messages/conversations', { participantId: tanod.userId });
  for (const [from, content] of [
    [admin, 'Nasa outpost ka na ba?'],
    [tanod, 'Opo, kararating lang.'],
    [admin, 'Salamat, ingat sa patrol.'],
  ]) {
    await call(from, 'POST', '/api/messages', { conversationId: conversation._id, content });
  }

  console.log(`Each screen idles ${seconds} s in Chromium, once with the socket and once with it blocked (polling).\n`);
  console.log('| Screen open | Socket push: HTTP requests | Polling fallback: HTTP requests |');
  console.log('|---|---:|---:|');
  for (const [name, open] of Object.entries(SCENARIOS)) {
    const push = await measure(tanod, open, { blockSocket: false });
    const polling = await measure(tanod, open, { blockSocket: true });
    if (!push.open || !polling.open) throw new Error(`the ${name} closed during the measurement`);
    console.log(`| ${name} | ${push.requests.length} | ${polling.requests.length} |`);
    if (push.requests.length > 0) {
      failed = true;
      console.log(`  requests made with the socket up: ${[...new Set(push.requests)].join(', ')}`);
    }
    console.log(`  with the socket: ${push.sockets} WebSocket, ${push.frames} frames received while idle (heartbeats)`);
    console.log(`  polling made: ${[...new Set(polling.requests)].join(', ') || 'nothing'}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
