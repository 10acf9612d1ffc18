import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The server's catalogue (decision 029): its error messages and the texts it writes itself (PDFs,
 * SMS, emails). The shared package's catalogue is loaded beside it (src/lib/i18n.ts).
 * `npm run i18n:extract -w apps/server` updates it.
 *
 * `t` answers in the language of the request being served: the macro's i18n is the shared
 * package's translator (packages/shared/src/i18n.ts), which src/lib/i18n.ts points at the request.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fil'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  runtimeConfigModule: { i18n: ['@bantay/shared/i18n', 'i18n'] },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '<rootDir>/src/db/migrations/**'],
    },
  ],
});
