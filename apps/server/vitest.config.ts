import { configDefaults, defineProject } from 'vitest/config';
import { LINGUI_CONFIGS, linguiVitePlugins } from '../../packages/shared/tooling/lingui-vite.mjs';

/**
 * The server suite runs on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL
 * is set (see the root vitest.config.ts). `*.postgres.test.ts` files need the server (several app
 * instances on one database) and run only there. Lingui's macros and catalogues are compiled as
 * in the bundle (decision 029): the server's config, its catalogue and the shared package's.
 */
export function serverProject(database: 'pglite' | 'postgres') {
  return defineProject({
    plugins: linguiVitePlugins({
      configPath: LINGUI_CONFIGS.server,
      catalogConfigPaths: [LINGUI_CONFIGS.server, LINGUI_CONFIGS.shared],
      stripMessageField: false,
    }),
    test: {
      name: `server:${database}`,
      root: import.meta.dirname,
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: database === 'pglite' ? [...configDefaults.exclude, '**/*.postgres.test.ts'] : configDefaults.exclude,
      globalSetup: ['test/global-setup.ts'],
      env: { BANTAY_TEST_DB: database },
      // The files of a worker share one module graph: loading the app's code once per worker
      // instead of once per file halves the suite's CPU time. Each file still gets its own
      // database and app instance (test/harness.ts), and per-instance state lives in AppDeps.
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  });
}
