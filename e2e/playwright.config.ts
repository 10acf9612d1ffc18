import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, e2eServer } from './servers.ts';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(executablePath)) {
  // A missing browser is a failure, never a silent skip: install Debian's chromium (see README).
  throw new Error(`Chromium not found at ${executablePath}: run "apt-get install -y chromium" or set CHROMIUM_PATH`);
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Spec files, not tests, are spread over the workers; each worker has a server of its own
  // (e2e/servers.ts), and e2e/fixtures.ts points its tests at it.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: true,
  // Budgets for a 2-core machine running two workers, each test driving up to three browsers
  // against its own server: there the CPU is saturated (/proc/pressure/cpu "some" 94 %), and the
  // tests that drive a tanod, an admin and a resident at once, 15–20 s each when run alone, took
  // over 30 s, or waited over 8 s for a staff page's code to start (a fresh-clone CI run, and a full
  // run on 2026-12-07); in the next fresh-clone runs two of them, still making steady progress
  // (their traces), ended their last step at 59.7 s and 61.8 s. A test that waits on something that
  // never comes still fails, later.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: e2eServer(0).baseURL,
    trace: 'retain-on-failure',
    // Most specs test pages, not the offline layer: a fresh context with the service worker
    // installs it and fetches its whole precache (61 files), three times in a three-browser test,
    // on a CPU the other worker already saturates. The specs about the worker (pwa, offline,
    // offline-staff, background-sync, emergency-form, push-alerts) allow it with test.use.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  // One server per worker; a cold start migrates an empty database and seeds the demo: about 20 s
  // on a quiet 2-core machine, over 90 s when the machine is busy.
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const server = e2eServer(index);
    return {
      command: 'node e2e/server.mjs',
      cwd: '..',
      url: `${server.baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { E2E_PORT: String(server.port), E2E_DATA_DIR: server.dataDir },
    };
  }),
});
