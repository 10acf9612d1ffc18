// Bundles the server into dist/ with esbuild. npm packages stay external (they are installed);
// the workspace's own TypeScript (@bantay/shared) is bundled in, since Node cannot run .ts files.
// Lingui's macros and the server's and shared package's catalogues are compiled on the way
// (packages/shared/tooling/lingui.mjs, decision 029), each message's English kept for the logs.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { LINGUI_CONFIGS, linguiEsbuildPlugin } from '../../../packages/shared/tooling/lingui.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
await fs.rm(dist, { recursive: true, force: true });

await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'seed-demo': path.join(root, 'src/seed-demo.ts'),
    // npm run backup and npm run restore (src/backup.ts).
    backup: path.join(root, 'src/backup.ts'),
    // npm run start:cluster: the front address, starting main.js once per instance (decision 021).
    cluster: path.join(root, 'src/cluster.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    linguiEsbuildPlugin({
      configPath: LINGUI_CONFIGS.server,
      catalogConfigPaths: [LINGUI_CONFIGS.server, LINGUI_CONFIGS.shared],
      stripMessageField: false,
    }),
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bantay/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
await fs.cp(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log('server built into apps/server/dist');
