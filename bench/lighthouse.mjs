// `npm run bench:lighthouse`: Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated)
// on the public entry pages, against the built server with demo data, in Debian's Chromium. Prints
// the category scores and the main metrics. Extra paths may be given: `node bench/lighthouse.mjs
// '/Reportincidents?emergency=1'`. Nothing is downloaded: Chromium is the system one.
// `--baseline=<an older build's apps/server/dist>` runs every path against that build too, in the
// same run, alternating with this one (`.tmp/base/apps/server/dist` with its web build at
// `.tmp/base/apps/web/dist`), so the before and after share the machine's load.
import os from 'node:os';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_PATH, startServer } from './lib/server.mjs';

const args = process.argv.slice(2);
const baselineDist = args.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length);
const positional = args.filter((arg) => !arg.startsWith('--'));
const PATHS = positional.length > 0 ? positional : ['/', '/Reportincidents'];
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const servers = [{ label: '', server: await startServer() }];
if (baselineDist) servers.unshift({ label: ' (before)', server: await startServer({ serverDist: baselineDist }) });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS, logLevel: 'silent' });
const rows = [];
const loads = [];
try {
  for (const path of PATHS)
    for (const { label, server } of servers) {
      loads.push(os.loadavg()[0]);
      // The default configuration is the mobile preset (Moto G Power screen, 4x CPU slowdown,
      // simulated slow 4G); each run starts with empty storage and cache.
      const result = await lighthouse(
        server.url + path,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        },
        undefined,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { lhr } = result;
      const audit = (id) => lhr.audits[id];
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      const scripts = audit('resource-summary')?.details?.items?.find((item) => item.resourceType === 'script');
      rows.push({
        path: path + label,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcp: audit('first-contentful-paint').numericValue,
        lcp: audit('largest-contentful-paint').numericValue,
        tbt: audit('total-blocking-time').numericValue,
        cls: audit('cumulative-layout-shift').numericValue,
        transferKb: audit('total-byte-weight').numericValue / 1024,
        scriptKb: (scripts?.transferSize ?? 0) / 1024,
        failed,
        lcpElement: audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
        warnings: lhr.runWarnings,
        // A run that failed (e.g. no paint before Lighthouse's timeout on a loaded machine) has no metrics.
        error: lhr.runtimeError?.message ?? null,
      });
    }
} finally {
  await chrome.kill();
  for (const { server } of servers) await server.stop();
}

console.log(
  `\nLighthouse mobile preset, ${new Date().toISOString().slice(0, 16)} UTC, Chromium at ${CHROMIUM_PATH}; 1-minute load average at each run's start ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}\n`,
);
console.log('| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | Transfer (scripts) |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| \`${r.path}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${fixed(r.fcp, 1000, 1)} s | ${fixed(r.lcp, 1000, 1)} s | ${fixed(r.tbt, 1, 0)} ms | ${fixed(r.cls, 1, 3)} | ${fixed(r.transferKb, 1, 0)} KB (${r.scriptKb.toFixed(0)} KB) |`,
  );
}
for (const r of rows) {
  if (r.error) console.log(`\n${r.path}: the run failed: ${r.error}`);
  if (r.lcpElement) console.log(`\n${r.path}: LCP element ${r.lcpElement.slice(0, 160)}`);
  if (r.failed.length > 0) console.log(`\n${r.path}: failed audits: ${r.failed.join(', ')}`);
  for (const warning of r.warnings) console.log(`${r.path}: warning: ${warning}`);
}

/** A metric for the table, or – when the run produced none. */
function fixed(value, divisor, digits) {
  return typeof value === 'number' ? (value / divisor).toFixed(digits) : '–';
}
