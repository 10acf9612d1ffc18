// Lingui's build-time half for Vite (decision 029): the web's build and tests, the server's tests.
// The work itself is in lingui.mjs, shared with the server's esbuild bundle and tsx scripts.
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import {
  CATALOG_FILE,
  MACRO_IDS,
  MACRO_IMPORT,
  compileCatalog,
  macroBabelOptions,
  reportUncompiledMacro,
} from './lingui.mjs';

export { LINGUI_CONFIGS } from './lingui.mjs';

/**
 * For Vite (the web's build and tests, the server's tests): the macros compiled by Babel (through
 * @rolldown/plugin-babel, on the files that import one) and the `.po` imports compiled.
 * @param {{ configPath: string, catalogConfigPaths: string[], stripMessageField?: boolean }} options
 */
export function linguiVitePlugins({ configPath, catalogConfigPaths, stripMessageField }) {
  return [
    babel({
      presets: [
        defineRolldownBabelPreset({
          preset: () => macroBabelOptions({ configPath, stripMessageField }),
          rolldown: { filter: { code: MACRO_IMPORT } },
        }),
      ],
    }),
    {
      name: 'bantay-lingui',
      enforce: 'pre',
      config(config) {
        // The macros are compiled away; Vite's dependency scan must not try to pre-bundle them.
        config.optimizeDeps ??= {};
        config.optimizeDeps.exclude = [...(config.optimizeDeps.exclude ?? []), ...MACRO_IDS];
      },
      resolveId: (id, importer) => reportUncompiledMacro(id, importer),
      async transform(_source, id) {
        const file = id.split('?')[0];
        if (!CATALOG_FILE.test(file)) return null;
        const { code, dependencies } = await compileCatalog(file, catalogConfigPaths);
        for (const dependency of dependencies) this.addWatchFile(dependency);
        // Vite 8 (Rolldown) types a module by its file name; this one is JavaScript now.
        return { code, map: null, moduleType: 'js' };
      },
    },
  ];
}
