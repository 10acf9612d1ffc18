import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
// @ts-expect-error: a plain script, shared with the build (it has no type declarations).
import { publicModules } from './scripts/public-modules.mjs';

/**
 * The web app's catalogues (decision 029): English is the source (the brief's texts, word for
 * word), Filipino the translation. Two parts per language: what the public pages reach, and the
 * rest, which only the staff layout loads. `npm run i18n:extract -w apps/web` updates both.
 */
const publicFiles: string[] = publicModules().map((file: string) => `<rootDir>/src/${file}`);

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fil'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/public', include: publicFiles },
    {
      path: '<rootDir>/src/locales/{locale}/staff',
      include: ['<rootDir>/src'],
      exclude: [...publicFiles, '**/*.test.ts', '**/*.test.tsx'],
    },
  ],
});
