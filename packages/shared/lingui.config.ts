import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The shared package's catalogue (decision 029): the schemas' error messages and the labels the
 * web and the server both show. Both load it (apps/web/src/lib/i18n.ts, apps/server/src/lib/i18n.ts),
 * so a shared message is translated once. `npm run i18n:extract -w packages/shared` updates it.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fil'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/*.test.ts'] },
  ],
});
