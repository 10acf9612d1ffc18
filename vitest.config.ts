import { defineConfig } from 'vitest/config';
import { serverProject } from './apps/server/vitest.config.ts';
import { LINGUI_CONFIGS, linguiVitePlugins } from './packages/shared/tooling/lingui-vite.mjs';

const databases: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: [
      ...databases.map(serverProject),
      'apps/web/vitest.config.ts',
      {
        // The shared schemas' messages are Lingui macros (decision 029); without an app's translator they read as written.
        plugins: linguiVitePlugins({ configPath: LINGUI_CONFIGS.shared, catalogConfigPaths: [LINGUI_CONFIGS.shared] }),
        test: { name: 'shared', root: './packages/shared', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      // The repo's own checks (scripts/knip.test.mjs: the unused-code check refuses dead code).
      { test: { name: 'scripts', root: './scripts', environment: 'node', include: ['*.test.mjs'] } },
    ],
  },
});
