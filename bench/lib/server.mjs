// Starts the built server on a fresh data directory and a free port, for benchmarks and tools.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The PostgreSQL server benches create their throwaway databases on (`--pg` runs). */
const BENCH_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// On a shared machine each engineer owns a port range: `BENCH_PORTS=3114-3130` keeps a bench in it.
const portRange = process.env.BENCH_PORTS?.match(/^(\d+)-(\d+)$/);
let nextRangePort = portRange ? Number(portRange[1]) : 0;

export async function freePort() {
  if (!portRange) return listenOn(0);
  while (nextRangePort <= Number(portRange[2])) {
    const candidate = nextRangePort++;
    try {
      return await listenOn(candidate);
    } catch {
      // taken: try the next one
    }
  }
  throw new Error(`no free port left in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

function listenOn(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

/**
 * Runs `seed:demo` into a fresh DATA_DIR (and, with `database: 'postgres'`, a fresh database on
 * BENCH_POSTGRES_URL), then starts the server; returns its URL, pid and a stop() that removes both.
 * `beforeStart(env)` runs after the seed and before the server opens the database; `nodeArgs` go to
 * the server's node (e.g. `--cpu-prof`); `serverDist` runs another build (an older commit's, for a
 * before/after in the same run). `port` or PORT pins the port (machines shared by several people
 * give each their own); else any free one.
 */
export async function startServer({ seed = true, env = {}, database = 'pglite', beforeStart, nodeArgs = [], serverDist = 'apps/server/dist', port: fixedPort } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-bench-'));
  // `port` or PORT pins the port (engineers sharing a machine each have their own); else any free one.
  const port = fixedPort ?? (process.env.PORT ? Number(process.env.PORT) : await freePort());
  const baseEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '100000', ...env };
  delete baseEnv.DATABASE_URL;
  let dropDatabase = async () => {};
  if (database === 'postgres') {
    const created = await createBenchDatabase();
    baseEnv.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
  try {
    if (seed) await run('node', [path.join(serverDist, 'seed-demo.js')], baseEnv);
    if (beforeStart) await beforeStart(baseEnv);
  } catch (error) {
    // Leave no throwaway database or directory behind when the setup fails.
    await dropDatabase();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const child = spawn('node', [...nodeArgs, path.join(serverDist, 'main.js')], { cwd: ROOT, env: baseEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    env: baseEnv,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify hello-world (bench/lib/bare-fastify.mjs) on a free port: the baseline of the request-path benches. */
export async function startBareFastify() {
  const port = await freePort();
  const child = spawn('node', ['bench/lib/bare-fastify.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${url}/hello`)).ok) break;
    } catch {
      if (tries > 100) throw new Error('bare Fastify did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, pid: child.pid, stop: () => new Promise((resolve) => (child.kill('SIGTERM'), child.once('exit', resolve))) };
}

/** A fresh, empty database on BENCH_POSTGRES_URL; drop() removes it. */
export async function createBenchDatabase() {
  const name = `bantay_bench_${crypto.randomBytes(5).toString('hex')}`;
  await withClient((client) => client.query(`create database ${name}`));
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient((client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withClient(work) {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** utime + stime of a process, in seconds (a child's CPU is invisible to process.cpuUsage). */
export async function cpuSeconds(pid) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name may contain spaces; fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // fields 14 and 15 of proc(5)
  return ticks / 100; // CLK_TCK is 100 on Linux
}

/** Resident memory of a process, in bytes. */
export async function residentBytes(pid) {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
