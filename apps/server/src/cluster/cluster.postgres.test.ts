import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient } from 'socket.io-client';
import { createEmptyPostgresDatabase } from '../../test/database.ts';
import { connected, disconnected, nextEvent, type TestSocket } from '../../test/realtime.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { hashSecret } from '../lib/passwords.ts';
import { insertUser } from '../modules/users/users.repository.ts';

// `npm run start:cluster` as an operator runs it: the launcher (src/cluster.ts, run from source
// with tsx) starts two main.ts processes on one empty PostgreSQL database, behind its front proxy,
// with METRICS_PORT set.
const PASSWORD = 'cluster-test-password-42';
let database: { url: string; drop(): Promise<void> };
let db: Database;
let launcher: ChildProcess;
let output = '';
let exit: Promise<number | null>;
let dataDir: string;
let front: string;
let instances: string[];
let metricsPort: number;
const sockets: TestSocket[] = [];
/** Every launcher started, stopped at the end if a test left it running. */
const launchers: { process: ChildProcess; exit: Promise<number | null> }[] = [];

/** Free ports from the system: held together so that they differ, then let go for the cluster. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve) => {
          const server = net.createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** A free port whose next one is free too: METRICS_PORT for two instances. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const [port] = await freePorts(1);
    const next = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      next.once('error', () => resolve(false));
      next.listen(port! + 1, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => next.close(resolve));
      return port!;
    }
  }
}

/** The launcher as `npm run start:cluster` runs it, from source, with its output kept. */
function startLauncher(env: Record<string, string>): { process: ChildProcess; output: () => string; exit: Promise<number | null> } {
  // tsx runs TypeScript; the Lingui hooks compile the macros as modules load (decision 029). The
  // instances inherit both through execArgv.
  const linguiHooks = path.join(import.meta.dirname, '../../scripts/lingui-register.mjs');
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', linguiHooks, path.join(import.meta.dirname, '../cluster.ts')], {
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      BANTAY_SUPADMIN_USERNAME: 'clusteradmin',
      BANTAY_SUPADMIN_PASSWORD: PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const started = { process: child, output: () => text, exit: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
  launchers.push(started);
  return started;
}

/** Waits (without a time limit of its own: the hook's bounds it) until every instance answers its health check. */
async function untilHealthy(urls: string[]): Promise<void> {
  for (const url of urls) {
    for (;;) {
      const status = await fetch(`${url}/api/health`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      if (launcher.exitCode !== null) throw new Error(`the cluster stopped:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

// Two Node processes compiling the server from source and migrating an empty database: about a
// minute on a busy 2-core machine, so the hook gets four.
beforeAll(async () => {
  database = await createEmptyPostgresDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-cluster-'));
  const [frontPort, portA, portB] = await freePorts(3);
  metricsPort = await freePortPair();
  front = `http://127.0.0.1:${frontPort}`;
  instances = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  const started = startLauncher({
    DATABASE_URL: database.url,
    PORT: String(frontPort),
    CLUSTER_INSTANCE_PORTS: `${portA},${portB}`,
    DATA_DIR: dataDir,
    METRICS_PORT: String(metricsPort),
  });
  launcher = started.process;
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  exit = started.exit;
  await untilHealthy([...instances, front]);
  db = await openDatabase({ kind: 'postgres', url: database.url });
}, 240_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const started of launchers) {
    if (started.process.exitCode !== null) continue;
    started.process.kill('SIGTERM');
    await started.exit;
  }
  await db?.close();
  await database?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

async function staffMember(userType: 'admin' | 'tanod'): Promise<{ id: string; token: string }> {
  const username = `${userType}${crypto.randomBytes(4).toString('hex')}`;
  const user = await insertUser(db.db, {
    firstName: 'Cluster',
    lastName: userType,
    username,
    userType,
    passwordHash: await hashSecret(PASSWORD),
  });
  const login = await call('POST', `${front}/api/auth/login`, { username, password: PASSWORD });
  expect(login.status).toBe(200);
  return { id: user!.id, token: String(login.body.token) };
}

/** A socket.io client of the front, keeping cookies as a browser does. */
function frontClient(token: string, transports: ('polling' | 'websocket')[]): TestSocket {
  const socket: TestSocket = connectClient(front, {
    auth: { token },
    transports,
    withCredentials: true,
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

describe('npm run start:cluster', () => {
  it('starts two instances together on an empty database: both migrate and come up, with one supadmin', async () => {
    const supadmins = await db.db.query.users.findMany({ where: (u, { eq }) => eq(u.userType, 'supadmin') });
    expect(supadmins.map((user) => user.username)).toEqual(['clusteradmin']);
    expect(
      (await call('POST', `${front}/api/auth/login`, { username: 'clusteradmin', password: PASSWORD })).status,
    ).toBe(200);
    expect(output).not.toMatch(/duplicate key|stopped \(/);
  });

  it('the front sends requests to the instances in turn', async () => {
    const served = [];
    for (let i = 0; i < 4; i += 1)
      served.push((await call('GET', `${front}/api/health`)).headers.get('x-bantay-instance'));
    expect(new Set(served)).toEqual(new Set(['1', '2']));
  });

  it('answers POSTs spread over time through the front, none with a 5xx, and each instance serves its own metrics at METRICS_PORT, METRICS_PORT+1', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      statuses.push((await call('POST', `${front}/api/auth/login`, { username: 'nobody-here', password: 'wrong-password-1' })).status);
    }
    expect(statuses).toEqual(Array(6).fill(401));
    const refusedLogins = [];
    for (const port of [metricsPort, metricsPort + 1]) {
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scrape.status).toBe(200);
      const line = /^bantay_http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/login",status_code="401"\} (\d+)$/m;
      refusedLogins.push(Number(line.exec(await scrape.text())?.[1]));
    }
    // Taking turns, each instance answered three, and each port shows its own instance's figures.
    expect(refusedLogins).toEqual([3, 3]);
    expect(output).toContain(`metrics on 127.0.0.1:${metricsPort}`);
    expect(output).toContain(`metrics on 127.0.0.1:${metricsPort + 1}`);
  });

  it("socket.io's polling requests stay on the instance of their handshake (by its cookie); without the cookie they would not", async () => {
    const handshake = await fetch(`${front}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    const sid = (JSON.parse((await handshake.text()).slice(1)) as { sid: string }).sid;
    const cookie = handshake.headers.getSetCookie().find((line) => line.startsWith('bantay_instance='))!;
    expect(cookie).toMatch(/^bantay_instance=[12]; Path=\/socket\.io\/; HttpOnly; SameSite=Lax$/);
    const noop = (headers: Record<string, string>) =>
      fetch(`${front}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...headers },
        body: '6',
      }).then((response) => response.status);
    const withCookie = [await noop({ cookie: cookie.split(';')[0]! }), await noop({ cookie: cookie.split(';')[0]! })];
    expect(withCookie).toEqual([200, 200]);
    // Taking turns, one of two requests without the cookie reaches the instance that never saw the session.
    const withoutCookie = [await noop({}), await noop({})];
    expect(withoutCookie).toContain(400);
  });

  it('through the one address: a socket that starts polling upgrades to a WebSocket on its instance, a chat message reaches it, and a logout cuts it', async () => {
    const admin = await staffMember('admin');
    const tanod = await staffMember('tanod');
    const socket = frontClient(tanod.token, ['polling', 'websocket']);
    // The upgrade is a request with the session id too: it must reach the handshake's instance.
    const upgraded = new Promise<string>((resolve) =>
      socket.io.on('open', () =>
        socket.io.engine.once('upgrade', (transport: { name: string }) => resolve(transport.name)),
      ),
    );
    await connected(socket);
    expect(await upgraded).toBe('websocket');
    // The sender's own WebSocket-only socket (the web app's first choice) hears the message too.
    const senderSocket = await connected(frontClient(admin.token, ['websocket']));
    const conversation = await call(
      'POST',
      `${front}/api/messages/conversations`,
      { participantId: tanod.id },
      { authorization: `Bearer ${admin.token}` },
    );
    const conversationId = (conversation.body.conversation as { _id: string })._id;
    const received = nextEvent(socket, 'messageReceived', (message) => message.conversationId === conversationId);
    const echoed = nextEvent(senderSocket, 'messageReceived', (message) => message.conversationId === conversationId);
    expect(
      (
        await call(
          'POST',
          `${front}/api/messages`,
          { conversationId, content: 'Through the front' },
          { authorization: `Bearer ${admin.token}` },
        )
      ).status,
    ).toBe(200);
    expect(await received).toMatchObject({ content: 'Through the front', userId: admin.id });
    expect(await echoed).toMatchObject({ content: 'Through the front' });

    const cut = disconnected(socket);
    expect(
      (await call('POST', `${front}/api/auth/logout`, undefined, { authorization: `Bearer ${tanod.token}` })).status,
    ).toBe(200);
    expect(await cut).toBe('io server disconnect');
  });

  it('rate limits count each caller once over both instances, whatever X-Forwarded-For the caller sends', async () => {
    const statuses = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push(
        (
          await call('GET', `${front}/api/public/tickets/BTY-NOPE-0000`, undefined, {
            'x-forwarded-for': `10.9.8.${i}`,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it('an instance that dies is started again, and the front serves reads from the other one meanwhile', async () => {
    const pid = Number(/instance 1 started \(pid (\d+)/.exec(output)?.[1]);
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 6; i += 1) expect((await call('GET', `${front}/api/health`)).status).toBe(200);
    await untilHealthy([instances[0]!]);
    expect(output).toMatch(/instance 1 stopped \(SIGKILL\); starting it again in 1 s/);
    expect(output.match(/instance 1 started/g)).toHaveLength(2);
    // An instance compiles from source and starts again: about half a minute on a busy machine.
  }, 180_000);

  it('stops cleanly on SIGTERM: every instance closes its sockets and pool, and nothing fails on the way', async () => {
    launcher.kill('SIGTERM');
    expect(await exit).toBe(0);
    for (const url of [front, ...instances]) await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    expect(output).not.toMatch(/Cannot use a pool after calling end|Unhandled|uncaught|"level":50/i);
    // The one instance that stopped before is the one killed on purpose above.
    expect(output.match(/stopped \(/g)).toHaveLength(1);
  });

  it('a metrics port in use stops the launcher before any instance starts, with a message naming METRICS_PORT and the address', async () => {
    const first = await freePortPair();
    // Instance 2's: METRICS_PORT+1.
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(first + 1, '127.0.0.1', resolve));
    const [frontPort, portA, portB] = await freePorts(3);
    const failing = startLauncher({
      DATABASE_URL: database.url,
      PORT: String(frontPort),
      CLUSTER_INSTANCE_PORTS: `${portA},${portB}`,
      DATA_DIR: dataDir,
      METRICS_PORT: String(first),
    });
    try {
      expect(await failing.exit).toBe(1);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    expect(failing.output()).toContain(`METRICS_PORT=${first}: instance 2 serves its metrics at METRICS_PORT+1, and 127.0.0.1:${first + 1} is already in use`);
    expect(failing.output()).not.toContain('started');
  });
});
