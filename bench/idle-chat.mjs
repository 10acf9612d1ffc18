// `node bench/idle-chat.mjs [seconds]`: a signed-in staff browser (real Chromium) sits idle with the
// chat dialog open on a conversation; counts the HTTP requests it makes (target 0: messages, typing,
// read receipts and presence all come over the socket). Baseline in the same run: the brief's
// design, which polls the conversation list and the open conversation's messages every 500 ms.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from './lib/server.mjs';

const seconds = Number(process.argv[2] ?? 60);
const POLL_MS = 500;
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

try {
  const tanod = await login('tanod1');
  const admin = await login('admin');
  // A conversation with a few messages, so the dialog has something to show.
  const { conversation } = await call(admin, 'POST', '/api/messages/conversations', { participantId: tanod.userId });
  for (const content of ['Nasa outpost ka na ba?', 'Opo, kararating lang.', 'Salamat, ingat sa patrol.']) {
    const from = content.startsWith('Opo') ? tanod : admin;
    await call(from, 'POST', '/api/messages', { conversationId: conversation._id, content });
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('userType', s.userType);
    localStorage.setItem('userId', s.userId);
  }, tanod);
  const page = await context.newPage();
  let wsFrames = 0;
  let sockets = 0;
  page.on('websocket', (ws) => {
    sockets += 1;
    ws.on('framereceived', () => (wsFrames += 1));
  });
  await page.goto(`${server.url}/Dashboard`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Messages' }).click();
  await page.getByRole('dialog', { name: 'Messages' }).getByTestId('conversation-row').first().click();
  const chat = page.getByRole('dialog', { name: /^Chat with / });
  await chat.getByTestId('message').first().waitFor();
  await page.waitForLoadState('networkidle');

  const requests = [];
  wsFrames = 0;
  page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  console.log(`Idling ${seconds} s with the chat dialog open…`);
  await page.waitForTimeout(seconds * 1000);
  const stillOpen = await chat.isVisible();

  const perList = Math.floor((seconds * 1000) / POLL_MS);
  console.log(`\nHTTP requests while idle, ${seconds} s, chat dialog ${stillOpen ? 'open' : 'CLOSED (measurement invalid)'}:`);
  console.log(`  Bantay (socket push):            ${requests.length}`);
  console.log(`  brief's design (500 ms polling): ${perList * 2} (${perList} conversation-list polls + ${perList} message polls)`);
  console.log(`  WebSocket connections opened: ${sockets}; frames received while idle (heartbeats): ${wsFrames}`);
  if (requests.length > 0) console.log(`  requests made: ${[...new Set(requests)].join(', ')}`);
  await context.close();
  process.exitCode = requests.length === 0 && stillOpen ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
