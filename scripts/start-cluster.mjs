// `npm run start:cluster`: two app processes on one PostgreSQL database behind one address
// (decision 021). Builds nothing: run `npm run build` first. Needs DATABASE_URL; the front listens
// on HOST:PORT (default 0.0.0.0:3000) and the instances on 127.0.0.1, PORT+1 and PORT+2, with their
// metrics, when METRICS_PORT is set, at METRICS_PORT and METRICS_PORT+1. Exits with the launcher's
// code: 1 when an instance cannot start (apps/server/src/cluster.ts says why).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const launcher = path.join(root, 'apps/server/dist/cluster.js');
if (!fs.existsSync(launcher) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('No build found: run `npm run build` first, then `npm run start:cluster`.');
  process.exit(1);
}
const cluster = spawn(process.execPath, ['--enable-source-maps', launcher], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cluster.kill(signal));
// Killed by a signal of its own (not ours, which it handles and exits 0): a failure.
cluster.on('exit', (code) => process.exit(code ?? 1));
