import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, childEnvironment, loadConfig, type Config } from './config.ts';
import { createFrontProxy } from './cluster/front-proxy.ts';
import { resolveJwtSecret } from './modules/auth/tokens.ts';
import { resolveVapidKeys } from './adapters/push/vapid-keys.ts';

/**
 * `npm run start:cluster` (decision 021): several app processes on one PostgreSQL database behind
 * one address. Each instance is main.ts in a process of its own, on 127.0.0.1 at a port of its
 * own, with a DATA_DIR of its own (DATA_DIR/instance-N); this process is the front address (HOST
 * and PORT) and restarts an instance that dies.
 *
 * CLUSTER_INSTANCES (default 2) sets how many; CLUSTER_INSTANCE_PORTS (comma-separated) their
 * ports, else PORT+1, PORT+2, …
 */

const RESTART_AFTER_MS = 1_000;
/** An instance that keeps failing at start (a wrong setting) is restarted less and less often. */
const MAX_RESTART_AFTER_MS = 30_000;
const STARTED_FINE_AFTER_MS = 30_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function instancePorts(config: Config): number[] {
  const { instances, instancePorts: listed } = config.cluster;
  const ports = listed ?? Array.from({ length: instances }, (_, i) => config.port + i + 1);
  if (ports.length !== instances || ports.some((port) => port < 1 || port > 65535 || port === config.port)) {
    fail(
      `CLUSTER_INSTANCE_PORTS must list ${instances} ports (CLUSTER_INSTANCES) between 1 and 65535, none of them PORT`,
    );
  }
  return ports;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (!config.databaseUrl) {
    fail(
      'npm run start:cluster needs DATABASE_URL: the embedded database belongs to one process, so several instances share PostgreSQL.',
    );
  }
  const ports = instancePorts(config);

  // Every instance must sign and check sessions with the same key, and push with the same VAPID
  // pair; generated into DATA_DIR of their own, each instance would make its own. So they are
  // resolved once here (JWT_SECRET and VAPID_* when set, else the files in the shared DATA_DIR)
  // and handed to each instance.
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const vapid = await resolveVapidKeys(config.push, config.dataDir);

  // Beside this file: main.js in the build, main.ts when run from the source (tests, with tsx).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = path.join(here, import.meta.url.endsWith('.ts') ? 'main.ts' : 'main.js');
  const instanceEnv = (index: number): NodeJS.ProcessEnv =>
    childEnvironment({
      HOST: '127.0.0.1',
      PORT: String(ports[index]),
      DATA_DIR: path.join(config.dataDir, `instance-${index + 1}`),
      // Only the front reaches the instances, and it sets X-Forwarded-For: rate limits then count
      // each caller's address rather than the front's.
      TRUST_PROXY: 'true',
      // Links in emails and the VAPID subject name the front address, not an instance's.
      PUBLIC_URL: config.publicUrl,
      JWT_SECRET: jwtSecret,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });

  let stopping = false;
  const children: (ChildProcess | null)[] = ports.map(() => null);
  const exited: Promise<void>[] = ports.map(() => Promise.resolve());
  const restartAfter = ports.map(() => RESTART_AFTER_MS);

  function startInstance(index: number): void {
    const startedAt = Date.now();
    // The same Node options as this process (source maps in production, tsx under the tests).
    const child = spawn(process.execPath, [...process.execArgv, entry], {
      env: instanceEnv(index),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children[index] = child;
    console.log(`instance ${index + 1} started (pid ${child.pid}, port ${ports[index]})`);
    exited[index] = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        children[index] = null;
        resolve();
        if (stopping) return;
        const delay = Date.now() - startedAt > STARTED_FINE_AFTER_MS ? RESTART_AFTER_MS : restartAfter[index]!;
        restartAfter[index] = Math.min(delay * 2, MAX_RESTART_AFTER_MS);
        console.error(
          `instance ${index + 1} stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay / 1000} s`,
        );
        setTimeout(() => !stopping && startInstance(index), delay);
      });
    });
  }

  // Started together: migrations take an advisory lock, so they run one after the other.
  ports.forEach((_, index) => startInstance(index));

  const front = createFrontProxy({
    targets: ports.map((port) => `http://127.0.0.1:${port}`),
    trustForwardedFor: config.trustProxy,
    log: { warn: (message) => console.warn(message) },
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(config.port, config.host, () => resolve());
  });
  const address = front.address();
  const frontPort = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `Bantay cluster: ${ports.length} instances (ports ${ports.join(', ')}) behind http://${config.host}:${frontPort}`,
  );

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the cluster`);
    // No new requests; each instance then closes its sockets and its pool before it exits.
    front.close();
    for (const child of children) child?.kill('SIGTERM');
    await Promise.all(exited);
    front.closeAllConnections();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
