// Screenshots for review: `node scripts/shots.mjs [user|-] path…` writes shots/<name>-<width>-<theme>.png
// at 375 and 1280 px in light and dark, against a fresh server with demo data (run `npm run build` first).
// A user of "-" takes the pages signed out.
import fs from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from '../bench/lib/server.mjs';

const [user = '-', ...paths] = process.argv.slice(2);
if (paths.length === 0) paths.push('/');
await fs.mkdir('shots', { recursive: true });
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let session = null;
if (user !== '-') {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: 'Bantay-demo-2026' }),
  });
  session = await response.json();
}
try {
  for (const width of [375, 1280]) {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 780 : 820 }, colorScheme: theme });
      await context.addInitScript(
        ([s, t]) => {
          localStorage.setItem('theme', t);
          if (s) {
            localStorage.setItem('token', s.token);
            localStorage.setItem('userType', s.userType);
            localStorage.setItem('userId', s.userId);
          }
        },
        [session, theme],
      );
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(server.url + path, { waitUntil: 'networkidle' });
        const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'landing';
        const file = `shots/${name}-${width}-${theme}.png`;
        await page.screenshot({ path: file, fullPage: false });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
