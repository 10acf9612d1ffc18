// `npm run backup [-- <file>]` and `npm run restore -- <file>`: the embedded database's backup
// (PGlite's dump of DATA_DIR/db, by default into DATA_DIR/backups/) and its restore, with the
// server stopped. Builds the server first when no build exists, as `npm start` does.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!fs.existsSync(path.join(root, 'apps/server/dist/backup.js'))) {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const child = spawn(process.execPath, ['apps/server/dist/backup.js', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
