import { defineProject } from 'vitest/config';
import path from 'node:path';
import { linguiPlugins } from './lingui-macro.ts';

export default defineProject({
  plugins: [...linguiPlugins()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A form test types its fields key by key, and each key renders the form again in jsdom: the
    // report wizard's longest took 3.9 s run alone on a busy 2-core machine, and six of its tests
    // passed vitest's 5 s default in a full CI run, which runs this suite beside the server's
    // PostgreSQL suite on the same two cores (.ci/run). The server's tests allow 20 s likewise
    // (apps/server/vitest.config.ts).
    testTimeout: 15_000,
  },
});
