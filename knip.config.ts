import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies (`npm run lint` runs `knip` after ESLint). Every real way
 * into the code is an entry below; anything no entry reaches is dead and fails the check.
 * The plugins knip enables from each workspace's dependencies add the rest: the Vitest and
 * Playwright configs and their test files, the Vite, Lingui, Drizzle and ESLint configs.
 */
const config: KnipConfig = {
  workspaces: {
    '.': {
      // The root package's scripts: the start/backup/dev wrappers, the checks and the benches, and
      // two bench helpers run as processes of their own (bench/http.mjs, bench/dashboard.mjs).
      entry: ['scripts/*.mjs', 'bench/*.mjs', 'bench/lib/{bare-fastify,query-log}.mjs'],
      project: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.{js,ts}'],
    },
    'apps/server': {
      // scripts/build.mjs bundles main, cluster, backup and seed-demo (docs/architecture.md).
      // The server's test projects are built by a function (vitest.config.ts) that the root
      // vitest.config.ts calls, so their test files are listed here.
      entry: [
        'src/{main,cluster,backup,seed-demo}.ts',
        'scripts/*.{mjs,ts}',
        '{src,test}/**/*.test.ts',
      ],
      project: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.{mjs,ts}', '*.ts'],
    },
    'apps/web': {
      // (index.html's src/main.tsx comes from the Vite plugin.) `vite build --ssr` renders the
      // landing page (decision 013); vite-plugin-pwa compiles the service worker (pwa.config.ts).
      entry: ['src/prerender/landing.tsx', 'src/sw.ts', 'scripts/*.mjs'],
      project: ['src/**/*.{ts,tsx,css}', 'scripts/**/*.mjs', '*.ts'],
    },
    'packages/shared': {
      // package.json "exports" are the entries; tooling/ is the Lingui build glue the apps import.
      // The .d.mts files type the .mjs ones beside them: TypeScript reads them, nothing imports them.
      entry: ['tooling/*.mjs', 'tooling/*.d.mts'],
      project: ['src/**/*.ts', 'tooling/**/*.{mjs,mts}'],
    },
    e2e: {
      // (server.mjs, the e2e server, comes from playwright.config.ts's webServer command.)
      project: ['**/*.{ts,mjs}'],
    },
  },
  // The root vitest.config.ts spreads the server's projects in, whose global setup is relative to
  // apps/server (found there by the server's own Vitest config); knip resolves it from the root.
  ignoreUnresolved: ['test/global-setup.ts'],
  // A system program the e2e server calls to make its TLS certificate, not an npm package.
  ignoreBinaries: ['openssl'],
};

export default config;
