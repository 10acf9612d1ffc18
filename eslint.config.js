import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import lingui from 'eslint-plugin-lingui';
import globals from 'globals';

/**
 * Web features must not import each other (docs/architecture.md): shared code goes to components/ or
 * lib/, and route modules in app/ compose features. One block per feature forbids the others.
 */
const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...(features.length > 1
            ? [
                {
                  group: features
                    .filter((other) => other !== feature)
                    .flatMap((other) => [`@/features/${other}`, `@/features/${other}/**`, `**/features/${other}/**`]),
                  message: 'Features do not import each other; move shared code to components/ or lib/.',
                },
              ]
            : []),
          { group: ['@/app/**', '**/app/**'], message: 'Features do not import the app shell.' },
        ],
      },
    ],
  },
}));

/**
 * Server modules are used from outside only through their door, `modules/<name>/index.ts`, which
 * re-exports what others may use: service functions, types, pure helpers, shared read models;
 * never a repository or a table (docs/architecture.md, "The dependency rule"). One block per
 * module forbids reaching past the other modules' doors.
 */
const serverModulesDir = 'apps/server/src/modules';
const serverModules = fs.existsSync(serverModulesDir)
  ? fs
      .readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
// Tests set up and inspect any module's rows, and the demo data (*.demo.ts, run by seed-demo.ts)
// writes straight into the tables of the barangay it fakes: both may reach into a module.
const NOT_PRODUCTION_CODE = ['**/*.test.ts', '**/*.demo.ts'];
const serverModuleDoors = serverModules.map((module) => ({
  files: [`${serverModulesDir}/${module}/**/*.ts`],
  ignores: NOT_PRODUCTION_CODE,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            // gitignore style: every file of another module, then `!` lets its door through.
            group: serverModules
              .filter((other) => other !== module)
              .flatMap((other) => [`../${other}/*`, `!../${other}/index.ts`, `**/modules/${other}/*`, `!**/modules/${other}/index.ts`]),
            message: "Import another server module only through its door, '../<module>/index.ts'; if it lacks what you need, export a service function from it.",
          },
        ],
      },
    ],
  },
}));

/** Web folders whose strings are not in the catalogue yet; each leaves this list as it is translated. */
const NOT_YET_TRANSLATED = [
  ...[
  ].map((feature) => `apps/web/src/features/${feature}/**`),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The script written inline into the page's head (apps/web/vite.config.ts), as it is served.
    files: ['apps/web/src/theme-init.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in src/config.ts only.' },
      ],
    },
  },
  {
    // Every user-facing string goes through the catalogue (docs/decisions/029-languages.md): text in JSX, attributes a
    // person reads or hears (title, aria-label, placeholder, alt) and strings a component shows.
    // What is not prose passes: class names, identifiers, paths, codes, formats, test files.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/sw.ts', ...NOT_YET_TRANSLATED],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { lingui },
    rules: {
      ...lingui.configs['flat/recommended'].rules,
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // one word without spaces that is not capitalised: class names, keys, event names, formats
            '^(?![A-Z])\\S+$',
            // constants, codes and identifiers: ALL_CAPS, kebab-case, paths, URLs, MIME types
            '^[A-Z0-9_.:-]+$',
            '^(?:/|https?:|mailto:|tel:|data:|blob:)',
            '^[a-z]+/[a-z0-9.+-]+$',
            // no letters at all: numbers, punctuation, symbols
            '^[^A-Za-z]*$',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(?:className|class|type|id|key|role|href|to|rel|target|name|method|autoComplete|inputMode|htmlFor|form|accept|lang|dir|enterKeyHint|pattern|src|as|variant|size|tone|icon|kind|mode|status|testId|sizes|loading|decoding|capture|align|side|position|layout|data-.*|aria-(?:controls|describedby|labelledby|live|haspopup|current|expanded|hidden|pressed|selected|checked|modal|invalid|busy|atomic|relevant|orientation|sort|autocomplete))$',
              },
            },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'TypeError',
            'RangeError',
            'storage.*',
            'document.*',
            'window.*',
            'localStorage.*',
            'sessionStorage.*',
            'URLSearchParams',
            'searchParams.*',
            'params.*',
            'headers.*',
            '*.setAttribute',
            '*.getAttribute',
            '*.querySelector',
            '*.querySelectorAll',
            '*.addEventListener',
            '*.removeEventListener',
            'formatZoned',
            'formatDay',
            'format',
            'cn',
            'clsx',
            'import.meta.*',
          ],
          useTsTypes: true,
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    // Shared web code sits below the features: a piece used by two features lives here, and
    // knows none of them.
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '**/features/**'],
              message: 'components/ and lib/ do not import features; move the shared part down here.',
            },
            { group: ['@/app/**', '**/app/**'], message: 'components/ and lib/ do not import the app shell.' },
          ],
        },
      ],
    },
  },
  ...serverModuleDoors,
  {
    // The server's lower layers sit below every module and import none (docs/architecture.md, "The
    // dependency rule"): what they need of a module (the guard's token check, the sockets' presence
    // flags) reaches them as functions, through AppDeps.links or an option, from the composition
    // root (app.ts, deps.ts, main*.ts, seed-demo.ts, cluster*, backup.ts), which stands outside
    // these folders.
    files: [
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/http/**/*.ts',
      'apps/server/src/db/**/*.ts',
      'apps/server/src/realtime/**/*.ts',
      'apps/server/src/adapters/**/*.ts',
      'apps/server/src/jobs/**/*.ts',
    ],
    ignores: [
      ...NOT_PRODUCTION_CODE,
      // Part of the composition root: it maps domain events to rooms and lists the modules' socket handlers.
      'apps/server/src/realtime/domain-bridge.ts',
      // Part of the composition root: the list of the modules' timed jobs, as app.ts lists their routes.
      'apps/server/src/jobs/index.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'lib/, http/, db/, realtime/, adapters/ and jobs/ import no module: take what you need as a function from the composition root.',
            },
          ],
        },
      ],
    },
  },
);
