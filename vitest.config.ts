import { defineConfig } from 'vitest/config';
import { serverProject } from './apps/server/vitest.config.ts';

const databases: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: [
      ...databases.map(serverProject),
      'apps/web/vitest.config.ts',
      {
        test: { name: 'shared', root: './packages/shared', environment: 'node', include: ['src/**/*.test.ts'] },
      },
    ],
  },
});
