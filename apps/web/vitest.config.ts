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
  },
});
