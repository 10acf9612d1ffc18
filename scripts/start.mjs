// `npm start`: builds the app when no build exists yet, then runs the server (embedded database
// in ./data unless DATABASE_URL is set) at http://localhost:3000.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = ['apps/server/dist/main.js', 'apps/web/dist/index.html'].every((file) => fs.existsSync(path.join(root, file)));
if (!built) {
  console.log('No build found: building Bantay first (about half a minute)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
