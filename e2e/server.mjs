// The server the browser tests drive: the production build on a fresh DATA_DIR with demo data.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The specs read the SMS and mail outboxes in DATA_DIR, so playwright.config.ts may name it
// (E2E_DATA_DIR); it is emptied first, so every run starts from the demo data alone.
const dataDir = process.env.E2E_DATA_DIR
  ? path.resolve(process.env.E2E_DATA_DIR)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'bantay-e2e-'));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '4310',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Every test comes from 127.0.0.1; the per-IP limits are covered by the server tests.
  LOGIN_RATE_LIMIT: '100000',
  CODE_RATE_LIMIT: '100000',
  REPORT_RATE_LIMIT_PER_IP: '100000',
  PHOTO_UPLOAD_RATE_LIMIT: '100000',
  TICKET_LOOKUP_RATE_LIMIT: '100000',
  RATING_RATE_LIMIT: '100000',
  // Reports made by one spec must not escalate into another's notification lists two minutes
  // later; the escalation job has its own server tests with a moved clock.
  ESCALATE_EMERGENCY_AFTER_S: '86400',
  ESCALATE_NORMAL_AFTER_S: '604800',
};
// The browser tests run on the embedded database, as a fresh install does.
delete env.DATABASE_URL;

const seed = spawn('node', ['apps/server/dist/seed-demo.js'], { cwd: root, env, stdio: 'inherit' });
seed.on('exit', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  const server = spawn('node', ['apps/server/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
  const stop = () => server.kill('SIGTERM');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  server.on('exit', (status) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(status ?? 0);
  });
});
