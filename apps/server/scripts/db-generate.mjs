// `npm run db:generate`: drizzle-kit reads the schema with its own require hook, which cannot run
// Lingui's macros in @bantay/shared (the enums the tables use sit beside translated messages). So
// the schema is first bundled with the same esbuild plugin as the server (scripts/build.mjs,
// decision 029) into one CommonJS file, and drizzle-kit compares that with the last snapshot.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { LINGUI_CONFIGS, linguiEsbuildPlugin } from '../../../packages/shared/tooling/lingui.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundled = path.join(root, '.tmp/drizzle-schema.cjs');

await build({
  entryPoints: [path.join(root, 'src/db/schema/index.ts')],
  outfile: bundled,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  logLevel: 'warning',
  plugins: [
    linguiEsbuildPlugin({ configPath: LINGUI_CONFIGS.server, catalogConfigPaths: [LINGUI_CONFIGS.server, LINGUI_CONFIGS.shared] }),
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@bantay/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});

const drizzleKit = spawnSync(
  'npx',
  ['drizzle-kit', 'generate', '--dialect=postgresql', `--schema=${path.relative(root, bundled)}`, '--out=./src/db/migrations', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
await fs.rm(bundled, { force: true });
process.exit(drizzleKit.status ?? 1);
