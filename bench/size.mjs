// `npm run size`: the JavaScript a first visit really fetches, measured in Chromium against the
// real server, for each public entry page. Gzip sizes are compared with the budgets of docs/product.md §8.
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from './lib/server.mjs';

// The report page fetches its map's code (Leaflet) while the reporter fills in the first step;
// `waitFor` holds the measurement until that script has arrived, so the figure includes the map.
const PAGES = [
  { path: '/', name: 'landing', budgetKb: 120 },
  { path: '/Reportincidents', name: 'report (map included)', budgetKb: 200, waitFor: /\/assets\/ReportMap-[^/]*\.js$/ },
  // The emergency screen asks for the position at once; with it granted the map is never fetched.
  {
    path: '/Reportincidents?emergency=1',
    name: 'emergency report (position granted)',
    budgetKb: 200,
    context: { permissions: ['geolocation'], geolocation: { latitude: 14.7356, longitude: 121.0498, accuracy: 15 } },
  },
  { path: '/Reportincidents?track=1', name: 'ticket lookup', budgetKb: 200 },
  { path: '/tanod-login', name: 'staff sign-in', budgetKb: null },
];

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let overBudget = false;
try {
  for (const page of PAGES) {
    const context = await browser.newContext(page.context ?? {});
    const tab = await context.newPage();
    const scripts = [];
    const pending = [];
    let inFlight = 0;
    tab.on('request', () => (inFlight += 1));
    tab.on('requestfinished', () => (inFlight -= 1));
    tab.on('requestfailed', () => (inFlight -= 1));
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          scripts.push({
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: zlib.gzipSync(body, { level: 9 }).length,
            transfer: sizes.responseBodySize,
          });
        })(),
      );
    });
    const awaited = page.waitFor
      ? tab.waitForResponse((response) => page.waitFor.test(new URL(response.url()).pathname), { timeout: 30_000 })
      : null;
    await tab.goto(server.url + page.path, { waitUntil: 'networkidle' });
    if (awaited) {
      await awaited;
      // Whatever the map's chunk pulled in alongside (its stylesheet, shared chunks) must finish too.
      const deadline = Date.now() + 10_000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(pending);
    await context.close();
    const total = (key) => scripts.reduce((sum, s) => sum + s[key], 0);
    const kb = (bytes) => (bytes / 1024).toFixed(1);
    const gzipKb = total('gzip') / 1024;
    const verdict =
      page.budgetKb === null
        ? ''
        : gzipKb <= page.budgetKb
          ? `  within the ${page.budgetKb} KB budget`
          : `  OVER the ${page.budgetKb} KB budget`;
    if (page.budgetKb !== null && gzipKb > page.budgetKb) overBudget = true;
    console.log(
      `\n${page.name} (${page.path}): ${scripts.length} scripts, ${kb(total('raw'))} KB raw, ${kb(total('gzip'))} KB gzip, ${kb(total('transfer'))} KB transferred (brotli)${verdict}`,
    );
    for (const s of scripts.sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${kb(s.gzip).padStart(7)} KB gzip  ${s.url}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(overBudget ? 1 : 0);
