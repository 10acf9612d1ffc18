import path from 'node:path';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';

const configPath = path.resolve(import.meta.dirname, 'lingui.config.ts');

/**
 * Lingui at build time (decision 029): its macros (`t`, `msg`, `<Trans>`) become catalogue
 * look-ups, and a `.po` catalogue imported by src/lib/i18n.ts becomes a compiled module. Babel runs
 * only on the files that import a macro; every other file goes straight to the bundler's own
 * TypeScript and JSX transform. Found by path, so the builds and the tests run from any directory.
 */
export function linguiPlugins() {
  const linguiConfig = getConfig({ configPath });
  return [
    babel({
      presets: [
        defineRolldownBabelPreset({
          preset: () => ({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] }),
          rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro/ } },
        }),
      ],
    }),
    ...lingui({ configPath }),
  ];
}
