// The server the browser tests drive: the production build on a fresh DATA_DIR with demo data.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The specs read the SMS and mail sent logs in DATA_DIR, so playwright.config.ts may name it
// (E2E_DATA_DIR); it is emptied first, so every run starts from the demo data alone.
const dataDir = process.env.E2E_DATA_DIR
  ? path.resolve(process.env.E2E_DATA_DIR)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'bantay-e2e-'));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// Chromium's own push service is out of reach here, so the push specs play it: an HTTPS server
// on 127.0.0.1 (e2e/push-service.ts) with this certificate, which the server trusts through the
// CA store, as it trusts a real push service (verification stays on). Made per run, into DATA_DIR.
const pushTls = path.join(dataDir, 'push-tls');
fs.mkdirSync(pushTls);
// prettier-ignore
execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
  '-subj', '/CN=Bantay e2e push service', '-addext', 'subjectAltName=IP:127.0.0.1',
  '-keyout', path.join(pushTls, 'key.pem'), '-out', path.join(pushTls, 'cert.pem')], { stdio: 'ignore' });
const earlierCas = process.env.NODE_EXTRA_CA_CERTS ? fs.readFileSync(process.env.NODE_EXTRA_CA_CERTS, 'utf8') : '';
fs.writeFileSync(path.join(pushTls, 'ca-bundle.pem'), `${earlierCas.trim()}\n${fs.readFileSync(path.join(pushTls, 'cert.pem'), 'utf8')}`.trimStart());

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
  PLAIN_REPORT_RATE_LIMIT_PER_IP: '100000',
  RATING_RATE_LIMIT: '100000',
  // Reports made by one spec must not escalate into another's notification lists two minutes
  // later; the escalation job has its own server tests with a moved clock.
  ESCALATE_EMERGENCY_AFTER_S: '86400',
  ESCALATE_NORMAL_AFTER_S: '604800',
  // The push specs subscribe browsers whose endpoint is that local push service, on
  // https://127.0.0.1: the server refuses loopback endpoints (SSRF) unless this says otherwise.
  PUSH_ALLOW_LOOPBACK: 'true',
  // The text line's Android gateway route is on when its key is set: e2e/text-line-inbox.spec.ts
  // signs its webhook posts with this key (docs/decisions/032-the-text-line.md).
  ANDROID_SMS_SIGNING_KEY: 'e2e-android-signing-key',
  NODE_EXTRA_CA_CERTS: path.join(pushTls, 'ca-bundle.pem'),
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
