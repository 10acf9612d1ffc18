// `node scripts/check-nginx.mjs` (after `npm run build`; needs Debian's nginx and openssl, and
// PostgreSQL at BENCH_POSTGRES_URL): runs deploy/nginx.conf as written, with only its certificate,
// ports and instances swapped for a throwaway certificate and local ones, in front of two built
// instances on one fresh PostgreSQL database. Checks through it: plain HTTP is redirected to HTTPS,
// the health check answers over TLS, a sign-in works, and a socket.io WebSocket connects through the
// upgrade and receives an event sent through the other upstream. Exits 1 on any failure.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { ROOT, createBenchDatabase, freePort } from '../bench/lib/server.mjs';

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-nginx-'));
const database = await createBenchDatabase();
const children = [];
let failed = false;
try {
  // A certificate for 127.0.0.1, trusted by this script only.
  run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', path.join(work, 'key.pem'), '-out', path.join(work, 'cert.pem')]);
  const ca = await fs.readFile(path.join(work, 'cert.pem'));
  const [httpPort, httpsPort, first, second] = [await freePort(), await freePort(), await freePort(), await freePort()];

  const shared = {
    ...process.env,
    DATABASE_URL: database.url,
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    BANTAY_SUPADMIN_USERNAME: 'proxysup',
    BANTAY_SUPADMIN_PASSWORD: 'Proxy-check-supadmin-2026',
    PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
  };
  delete shared.METRICS_PORT;
  for (const port of [first, second]) {
    const dataDir = path.join(work, `data-${port}`);
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: ROOT, env: { ...shared, PORT: String(port), DATA_DIR: dataDir }, stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(child);
    await waitFor(`http://127.0.0.1:${port}/api/health`);
  }

  const template = await fs.readFile(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const site = template
    .replaceAll('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replaceAll('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replaceAll('bantay.example.org', '127.0.0.1')
    .replaceAll('/etc/letsencrypt/live/127.0.0.1/fullchain.pem', path.join(work, 'cert.pem'))
    .replaceAll('/etc/letsencrypt/live/127.0.0.1/privkey.pem', path.join(work, 'key.pem'))
    .replaceAll('127.0.0.1:3001', `127.0.0.1:${first}`)
    .replaceAll('127.0.0.1:3002', `127.0.0.1:${second}`)
    .replace('return 301 https://$host$request_uri;', `return 301 https://$host:${httpsPort}$request_uri;`);
  if (site.includes('3001') || site.includes('letsencrypt')) throw new Error('deploy/nginx.conf changed shape: update the substitutions here');
  // The main file Debian's /etc/nginx/nginx.conf would be, reduced to what a user without root needs.
  const main = `daemon off;\npid ${work}/nginx.pid;\nerror_log ${work}/error.log warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n  client_body_temp_path ${work}/body;\n  proxy_temp_path ${work}/proxy;\n  fastcgi_temp_path ${work}/fastcgi;\n  uwsgi_temp_path ${work}/uwsgi;\n  scgi_temp_path ${work}/scgi;\n  include ${work}/site.conf;\n}\n`;
  await fs.writeFile(path.join(work, 'site.conf'), site);
  await fs.writeFile(path.join(work, 'nginx.conf'), main);
  run(NGINX, ['-t', '-q', '-p', work, '-c', path.join(work, 'nginx.conf')]);
  const nginx = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(nginx);
  const front = `https://127.0.0.1:${httpsPort}`;
  await waitFor(`${front}/api/health`, ca);

  const redirect = await request(`http://127.0.0.1:${httpPort}/tanod-login`);
  check(redirect.status === 301 && redirect.headers.location === `${front}/tanod-login`, `plain HTTP is redirected to HTTPS (${redirect.status} ${redirect.headers.location})`);
  const health = await request(`${front}/api/health`, { ca });
  check(health.status === 200 && health.body === '{"status":"up"}', `GET /api/health over TLS answers up (${health.status} ${health.body})`);
  const login = await request(`${front}/api/auth/login`, { ca, method: 'POST', body: { username: 'proxysup', password: 'Proxy-check-supadmin-2026' } });
  check(login.status === 200, `sign-in through the proxy (${login.status})`);
  const { token } = JSON.parse(login.body);

  // A WebSocket only (no polling first), so the connection proves the upgrade passes through.
  const socket = io(front, { ca, auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
    setTimeout(() => reject(new Error('no WebSocket connection through nginx within 20 s')), 20_000).unref();
  });
  check(socket.io.engine.transport.name === 'websocket', 'socket.io connects through nginx with a WebSocket');
  // A logout (through the other upstream, any instance) reaches this socket: the upgrade carries events both ways.
  const loggedOut = new Promise((resolve) => socket.once('disconnect', resolve));
  const logout = await request(`${front}/api/auth/logout`, { ca, method: 'POST', token });
  check(logout.status === 200 || logout.status === 204, `log out through the proxy (${logout.status})`);
  await Promise.race([loggedOut, new Promise((_, reject) => setTimeout(() => reject(new Error('the logout never reached the socket')), 20_000).unref())]);
  check(true, 'the logout reaches the WebSocket, which the server then closes');
  socket.close();
} catch (error) {
  failed = true;
  console.error(`✗ ${error.message}`);
} finally {
  for (const child of children.reverse()) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  await database.drop();
  await fs.rm(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

function check(ok, what) {
  if (!ok) throw new Error(what);
  console.log(`✓ ${what}`);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
}

function request(url, { ca, method = 'GET', body, token } = {}) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const req = client.request(url, { method, ca, headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

async function waitFor(url, ca) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await request(url, { ca })).status === 200) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
