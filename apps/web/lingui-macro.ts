import { LINGUI_CONFIGS, linguiVitePlugins } from '../../packages/shared/tooling/lingui-vite.mjs';

/**
 * Lingui at build time (decision 029): its macros (`t`, `msg`, `<Trans>`) become catalogue
 * look-ups, and a `.po` catalogue imported by src/lib/i18n.ts becomes a compiled module: the web's
 * own (lingui.config.ts) or the shared package's. Babel runs only on the files that import a
 * macro; every other file goes straight to the bundler's own TypeScript and JSX transform. The
 * work is in packages/shared/tooling, which the server's tests and bundle use too.
 */
export function linguiPlugins() {
  return linguiVitePlugins({
    configPath: LINGUI_CONFIGS.web,
    catalogConfigPaths: [LINGUI_CONFIGS.web, LINGUI_CONFIGS.shared],
  });
}
