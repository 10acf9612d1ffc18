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
      entry: ['src/{main,cluster,backup,seed-demo}.ts', 'scripts/*.{mjs,ts}', '{src,test}/**/*.test.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.{mjs,ts}', '*.ts'],
    },
    'apps/web': {
      // (index.html's src/main.tsx comes from the Vite plugin.) `vite build --ssr` renders the
      // landing page (decision 013); vite-plugin-pwa compiles the service worker (pwa.config.ts).
      entry: ['src/prerender/landing.tsx', 'src/sw.ts', 'scripts/*.mjs'],
      project: ['src/**/*.{ts,tsx,css}', 'scripts/**/*.mjs', '*.ts'],
    },
    'packages/shared': {
      // package.json "exports" are the entries, and tooling/ is the Lingui build glue the apps and
      // the server's scripts import, with the .d.mts files that type it for TypeScript.
      entry: ['tooling/*.{mjs,d.mts}'],
      project: ['src/**/*.ts', 'tooling/*.{mjs,d.mts}'],
      // The package is internal: an export no app, test or script imports is dead, entry or not.
      // Exports its own file uses stay: the schemas compose one another, and the API's shapes are
      // exported beside the schemas they build.
      includeEntryExports: true,
      ignoreExportsUsedInFile: true,
      ignoreIssues: {
        // Node calls these itself: module.register() hooks (apps/server/scripts/lingui-register.mjs).
        'tooling/lingui-hooks.mjs': ['exports'],
        // A declaration's exports are used through the .mjs beside it, which is what imports name.
        'tooling/*.d.mts': ['exports', 'types'],
      },
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
