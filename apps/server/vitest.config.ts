import { configDefaults, defineProject } from 'vitest/config';

/**
 * The server suite runs on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL
 * is set (see the root vitest.config.ts). `*.postgres.test.ts` files need the server (several app
 * instances on one database) and run only there.
 */
export function serverProject(database: 'pglite' | 'postgres') {
  return defineProject({
    test: {
      name: `server:${database}`,
      root: import.meta.dirname,
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: database === 'pglite' ? [...configDefaults.exclude, '**/*.postgres.test.ts'] : configDefaults.exclude,
      globalSetup: ['test/global-setup.ts'],
      env: { BANTAY_TEST_DB: database },
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  });
}
