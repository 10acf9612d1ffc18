// `npm run size`: the JavaScript a first visit really fetches, measured in Chromium against the
// real server, for each public entry page. Gzip sizes are compared with the budgets of product §8.
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from './lib/server.mjs';

const PAGES = [
  { path: '/', name: 'landing', budgetKb: 120 },
  { path: '/tanod-login', name: 'staff sign-in', budgetKb: null },
];

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let overBudget = false;
try {
  for (const page of PAGES) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const scripts = [];
    tab.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body();
      const sizes = await response.request().sizes();
      scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length, transfer: sizes.responseBodySize });
    });
    await tab.goto(server.url + page.path, { waitUntil: 'networkidle' });
    await context.close();
    const total = (key) => scripts.reduce((sum, s) => sum + s[key], 0);
    const kb = (bytes) => (bytes / 1024).toFixed(1);
    const gzipKb = total('gzip') / 1024;
    const verdict = page.budgetKb === null ? '' : gzipKb <= page.budgetKb ? `  within the ${page.budgetKb} KB budget` : `  OVER the ${page.budgetKb} KB budget`;
    if (page.budgetKb !== null && gzipKb > page.budgetKb) overBudget = true;
    console.log(`\n${page.name} (${page.path}): ${scripts.length} scripts, ${kb(total('raw'))} KB raw, ${kb(total('gzip'))} KB gzip, ${kb(total('transfer'))} KB transferred (brotli)${verdict}`);
    for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(s.gzip).padStart(7)} KB gzip  ${s.url}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(overBudget ? 1 : 0);
