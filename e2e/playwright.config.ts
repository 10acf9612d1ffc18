import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(executablePath)) {
  // A missing browser is a failure, never a silent skip: install Debian's chromium (see README).
  throw new Error(`Chromium not found at ${executablePath}: run "apt-get install -y chromium" or set CHROMIUM_PATH`);
}
const port = Number(process.env.E2E_PORT ?? 4310);
// The server's DATA_DIR, fixed per port so the specs (which load this file too) can read the
// SMS and mail outboxes there; server.mjs empties it at start.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `bantay-e2e-${port}`);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node e2e/server.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A cold start builds nothing but migrates an empty database and seeds the demo: about 20 s on a
    // quiet 2-core machine, over 90 s when the machine is busy.
    timeout: 180_000,
    env: { E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
  },
});
