import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_ERROR_EXIT_CODE, ConfigError, childEnvironment, loadConfig, type Config } from './config.ts';
import { createFrontProxy } from './cluster/front-proxy.ts';
import { resolveJwtSecret } from './modules/auth/tokens.ts';
import { resolveVapidKeys } from './adapters/push/vapid-keys.ts';

/**
 * `npm run start:cluster` (decision 021): several app processes on one PostgreSQL database behind
 * one address. Each instance is main.ts in a process of its own, on 127.0.0.1 at a port of its
 * own, with a DATA_DIR of its own (DATA_DIR/instance-N) and, with METRICS_PORT set, a metrics
 * port of its own (METRICS_PORT+N-1); this process is the front address (HOST and PORT) and
 * restarts an instance that dies.
 *
 * CLUSTER_INSTANCES (default 2) sets how many; CLUSTER_INSTANCE_PORTS (comma-separated) their
 * ports, else PORT+1, PORT+2, …
 *
 * An instance that cannot start is not restarted forever: one that stops on a setting (exit code
 * CONFIG_ERROR_EXIT_CODE, such as a METRICS_PORT in use) stops the cluster at once, and one that
 * stops MAX_FAILED_STARTS times in a row before it has started stops it then. The launcher exits
 * 1, so a process manager sees the failure instead of a front answering 502.
 */

const RESTART_AFTER_MS = 1_000;
/** An instance that keeps failing at start is restarted less and less often. */
const MAX_RESTART_AFTER_MS = 30_000;
/** Stops in a row before an instance had started (main.ts's 'bantay:started' message) that stop the cluster. */
const MAX_FAILED_STARTS = 5;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Each instance's METRICS_PORT: METRICS_PORT for the first, then the next ports up; none without METRICS_PORT. */
function metricsPorts(config: Config, ports: number[]): number[] | undefined {
  if (!config.metrics) return undefined;
  const first = config.metrics.port;
  const metrics = ports.map((_, index) => first + index);
  const last = metrics.at(-1)!;
  const taken = [config.port, ...ports];
  if (last > 65535 || metrics.some((port) => taken.includes(port))) {
    fail(
      `METRICS_PORT=${first}: npm run start:cluster serves instance N's metrics at METRICS_PORT+N-1, so ports ${first} to ${last} must be free for them, and be neither PORT nor an instance's port (${taken.join(', ')})`,
    );
  }
  return metrics;
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

/** The reason `host:port` cannot be listened on now (EADDRINUSE, EACCES, …), or null when it can. */
function cannotListen(port: number, host: string): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

/**
 * Every instance's addresses, tried before any instance starts: a port already taken is a setting
 * to change, said once here, rather than an instance that fails at each start. (An address taken
 * later still stops an instance, and with it the cluster: see the exit handling below.)
 */
async function checkInstanceAddresses(config: Config, ports: number[], metrics: number[] | undefined): Promise<void> {
  const problems: string[] = [];
  for (const [index, port] of ports.entries()) {
    const reason = await cannotListen(port, '127.0.0.1');
    if (reason) problems.push(`instance ${index + 1}'s port: 127.0.0.1:${port} cannot be used (${reason}); change CLUSTER_INSTANCE_PORTS or PORT`);
  }
  for (const [index, port] of (metrics ?? []).entries()) {
    const reason = await cannotListen(port, config.metrics!.host);
    const address = `${config.metrics!.host}:${port}`;
    if (reason === 'EADDRINUSE') {
      const at = index === 0 ? 'METRICS_PORT' : `METRICS_PORT+${index}`;
      problems.push(`METRICS_PORT=${config.metrics!.port}: instance ${index + 1} serves its metrics at ${at}, and ${address} is already in use; choose a METRICS_PORT with ${metrics!.length} free ports from it`);
    } else if (reason) {
      problems.push(`METRICS_PORT=${config.metrics!.port}, METRICS_HOST=${config.metrics!.host}: instance ${index + 1}'s metrics address ${address} cannot be used (${reason})`);
    }
  }
  if (problems.length > 0) fail(`npm run start:cluster cannot start:\n  ${problems.join('\n  ')}`);
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
  const metrics = metricsPorts(config, ports);
  await checkInstanceAddresses(config, ports, metrics);
  const metricsAddress = (index: number) => `${config.metrics?.host}:${metrics?.[index]}`;

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
      // Each instance listens for Prometheus on a port of its own: one port cannot be bound twice.
      ...(metrics ? { METRICS_PORT: String(metrics[index]) } : {}),
    });

  const front = createFrontProxy({
    targets: ports.map((port) => `http://127.0.0.1:${port}`),
    trustForwardedFor: config.trustProxy,
    log: { warn: (message) => console.warn(message) },
  });
  let stopping = false;
  const children: (ChildProcess | null)[] = ports.map(() => null);
  const exited: Promise<void>[] = ports.map(() => Promise.resolve());
  const restartAfter = ports.map(() => RESTART_AFTER_MS);
  const failedStarts = ports.map(() => 0);

  function startInstance(index: number): void {
    let started = false;
    // The same Node options as this process (source maps in production, tsx under the tests),
    // and a channel on which the instance says it has started.
    const child = spawn(process.execPath, [...process.execArgv, entry], {
      env: instanceEnv(index),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children[index] = child;
    console.log(
      `instance ${index + 1} started (pid ${child.pid}, port ${ports[index]}${metrics ? `, metrics on ${metricsAddress(index)}` : ''})`,
    );
    child.on('message', (message) => {
      if (message !== 'bantay:started') return;
      started = true;
      failedStarts[index] = 0;
      restartAfter[index] = RESTART_AFTER_MS;
    });
    exited[index] = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        children[index] = null;
        resolve();
        if (stopping) return;
        const how = signal ?? `exit code ${code}`;
        if (code === CONFIG_ERROR_EXIT_CODE) {
          console.error(
            `instance ${index + 1} cannot start with these settings (${how}, its message is above): stopping the cluster`,
          );
          return void stop(1);
        }
        if (!started) failedStarts[index]! += 1;
        if (failedStarts[index]! >= MAX_FAILED_STARTS) {
          console.error(
            `instance ${index + 1} stopped ${MAX_FAILED_STARTS} times in a row before it had started (last: ${how}, see its messages above): stopping the cluster rather than start it again`,
          );
          return void stop(1);
        }
        const delay = restartAfter[index]!;
        restartAfter[index] = Math.min(delay * 2, MAX_RESTART_AFTER_MS);
        console.error(`instance ${index + 1} stopped (${how}); starting it again in ${delay / 1000} s`);
        setTimeout(() => !stopping && startInstance(index), delay);
      });
    });
  }

  /** Stops the front and every instance (each closes its sockets and pool first), then exits with `code`. */
  async function stop(code: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    front.close();
    for (const child of children) child?.kill('SIGTERM');
    await Promise.all(exited);
    front.closeAllConnections();
    process.exit(code);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!stopping) console.log(`${signal}: stopping the cluster`);
      void stop(0);
    });
  }

  // Started together: migrations take an advisory lock, so they run one after the other.
  ports.forEach((_, index) => startInstance(index));

  const listening = await new Promise<boolean>((resolve) => {
    front.once('error', (error: NodeJS.ErrnoException) => {
      console.error(`PORT=${config.port}: the front cannot listen on ${config.host}:${config.port} (${error.code ?? error.message}): stopping the cluster`);
      resolve(false);
    });
    front.listen(config.port, config.host, () => resolve(true));
  });
  if (!listening) return void stop(1);
  const address = front.address();
  const frontPort = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `Bantay cluster: ${ports.length} instances (ports ${ports.join(', ')}) behind http://${config.host}:${frontPort}${
      metrics ? `; Prometheus metrics at ${ports.map((_, index) => `http://${metricsAddress(index)}/metrics`).join(', ')}` : ''
    }`,
  );
}

await main();
