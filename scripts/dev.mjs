// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server with hot reload.
// Open http://localhost:5173; Vite forwards /api and /socket.io to the API on port 3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  // Lingui's macros and catalogues compiled as the modules load (apps/server/scripts/lingui-register.mjs);
  // a catalogue changed by `npm run i18n:extract` restarts the server like a source file does.
  spawn(
    'npx',
    [
      'tsx',
      'watch',
      ...['--include', 'apps/server/src/locales/**', '--include', 'packages/shared/src/locales/**'],
      ...['--import', './apps/server/scripts/lingui-register.mjs'],
      'apps/server/src/main.ts',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } },
  ),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
