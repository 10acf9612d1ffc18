import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
// @ts-expect-error: a plain script, shared with the build (it has no type declarations).
import { landingModules, publicModules } from './scripts/public-modules.mjs';

/**
 * The web app's catalogues (decision 029): English is the source (the brief's texts, word for
 * word), Filipino the translation. Three parts per language: what the landing page reaches by
 * static imports (a first visit loads only that), what the other public pages reach, and the rest,
 * which only the staff layout loads. `npm run i18n:extract -w apps/web` updates all three.
 */
const toPaths = (files: string[]) => files.map((file) => `<rootDir>/src/${file}`);
const landingFiles: string[] = toPaths(landingModules());
const publicFiles: string[] = toPaths(publicModules());

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fil'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/landing', include: landingFiles },
    {
      path: '<rootDir>/src/locales/{locale}/public',
      include: publicFiles.filter((file) => !landingFiles.includes(file)),
    },
    {
      path: '<rootDir>/src/locales/{locale}/staff',
      include: ['<rootDir>/src'],
      exclude: [...publicFiles, '**/*.test.ts', '**/*.test.tsx'],
    },
  ],
});
