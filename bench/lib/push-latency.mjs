// Emergency report → Web Push request at a push service, measured against a local HTTPS server that
// plays the push service (no outside service). The built server trusts its self-signed certificate
// through NODE_EXTRA_CA_CERTS, and PUSH_ALLOW_LOOPBACK admits the loopback endpoints.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { startServer } from './server.mjs';

const DEMO_CENTRE = { lat: 14.7356, lng: 121.0498 };
/**
 * A person keeps their newest 10 browsers (PUSH_LIMITS), so 50 subscribers need 5 admins: the demo's
 * admin and supadmin, and three more written into the database before the server starts, with the
 * demo admin's password hash.
 */
const EXTRA_ADMINS = ['benchadmin1', 'benchadmin2', 'benchadmin3'];
const STAFF = ['admin', 'supadmin', ...EXTRA_ADMINS];
const BROWSERS_PER_PERSON = 10;

export async function measurePushLatency({ subscribers = 50, reports = 20 } = {}) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-push-bench-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });

  /** Arrival time of each push request, by endpoint path. */
  const arrivals = [];
  const service = https.createServer({ key: await fs.readFile(keyFile), cert: await fs.readFile(certFile) }, (request, response) => {
    const at = Date.now();
    request.resume();
    request.on('end', () => {
      arrivals.push({ at, path: request.url });
      response.writeHead(201).end();
    });
  });
  await new Promise((resolve) => service.listen(0, '127.0.0.1', resolve));
  const servicePort = service.address().port;

  const server = await startServer({
    env: {
      NODE_EXTRA_CA_CERTS: certFile,
      PUSH_ALLOW_LOOPBACK: 'true',
      REPORT_RATE_LIMIT_PER_IP: '100000',
      REPORT_RATE_LIMIT_PER_DEVICE: '100000',
      // Each report is its own emergency: no escalations during the run.
      ESCALATE_EMERGENCY_AFTER_S: '86400',
    },
    beforeStart: addAdmins,
  });
  try {
    const tokens = [];
    for (const username of STAFF) tokens.push((await post(server.url, '/api/auth/login', { username, password: 'Bantay-demo-2026' })).token);
    if (subscribers > tokens.length * BROWSERS_PER_PERSON) throw new Error(`at most ${tokens.length * BROWSERS_PER_PERSON} subscribers`);
    for (let index = 0; index < subscribers; index += 1) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      await post(
        server.url,
        '/api/push/subscriptions',
        {
          endpoint: `https://127.0.0.1:${servicePort}/push/${index}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
        },
        tokens[Math.floor(index / BROWSERS_PER_PERSON)],
      );
    }
    const settings = await (await fetch(`${server.url}/api/settings/public`)).json();
    const type = settings.incidentTypes[0].name;
    const latencies = [];
    const firsts = [];
    const lasts = [];
    for (let report = 0; report < reports; report += 1) {
      const botCheck = await solveBotCheck(server.url);
      arrivals.length = 0;
      const sentAt = Date.now();
      await post(server.url, '/api/public/incidents', {
        type,
        classification: 'emergency',
        description: 'Bench: smoke from a roof.',
        occurredAt: new Date(sentAt - 30_000).toISOString(),
        location: DEMO_CENTRE,
        botCheck,
        deviceId: `bench${crypto.randomBytes(6).toString('hex')}`,
      });
      const deadline = Date.now() + 30_000;
      while (arrivals.length < subscribers && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      const times = arrivals.map((arrival) => arrival.at - sentAt).sort((a, b) => a - b);
      latencies.push(...times);
      if (times.length > 0) {
        firsts.push(times[0]);
        lasts.push(times.at(-1));
      }
      if (times.length < subscribers) console.warn(`report ${report + 1}: ${times.length} of ${subscribers} pushes arrived in 30 s`);
    }
    return { reports, latencies, firsts, lasts };
  } finally {
    await server.stop();
    service.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function addAdmins(env) {
  const db = new PGlite(path.join(env.DATA_DIR, 'db'));
  try {
    for (const username of EXTRA_ADMINS) {
      await db.query(
        `insert into users (first_name, last_name, username, email, user_type, password_hash)
         select 'Bench', $1, $1, $1 || '@bantay.local', 'admin', password_hash from users where username = 'admin'`,
        [username],
      );
    }
  } finally {
    await db.close();
  }
}

async function solveBotCheck(baseUrl) {
  const challenge = await (await fetch(`${baseUrl}/api/bot-check/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function post(baseUrl, route, body, token) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(`${baseUrl}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return response.json();
}
