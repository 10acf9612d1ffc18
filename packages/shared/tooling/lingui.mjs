// Lingui at build time, for every tool that compiles Bantay's code (decision 029): the web's Vite
// build and tests, the server's tests (Vite), its esbuild bundle, and its tsx scripts (Node's
// module hooks, see lingui-hooks.mjs). Two jobs, the same in each:
// - the macros (`msg`, `t`, `<Trans>`, …) become catalogue look-ups: Babel with Lingui's macro
//   plugin runs on the files that import a macro, and only on those;
// - a `.po` file imported by the code becomes a module exporting its compiled `messages`. The web
//   and the server each load their own catalogue and the shared package's, so a `.po` file is
//   looked up among the catalogues of several Lingui configs.
// Plain JavaScript (with lingui.d.mts beside it), so Node runs it without a TypeScript loader.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformAsync } from '@babel/core';
import { getConfig } from '@lingui/conf';
import {
  createCompilationErrorMessage,
  createCompiledCatalog,
  getCatalogDependentFiles,
  getCatalogForFile,
  getCatalogs,
} from '@lingui/cli/api';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The three Lingui configs: each names its catalogues and what `lingui extract` reads for them. */
export const LINGUI_CONFIGS = {
  web: path.join(repoRoot, 'apps/web/lingui.config.ts'),
  server: path.join(repoRoot, 'apps/server/lingui.config.ts'),
  shared: path.join(repoRoot, 'packages/shared/lingui.config.ts'),
};

/** A file that imports a Lingui macro (the only files Babel needs to see). */
export const MACRO_IMPORT = /@lingui\/(?:core|react)\/macro/;
/** A catalogue imported by the code. */
export const CATALOG_FILE = /\.po$/;
export const MACRO_IDS = ['@lingui/core/macro', '@lingui/react/macro'];

const configs = new Map();
/** A Lingui config, read once per process. */
export function linguiConfig(configPath) {
  let config = configs.get(configPath);
  if (!config) {
    config = getConfig({ configPath });
    configs.set(configPath, config);
  }
  return config;
}

const catalogLists = new Map();
function catalogsOf(configPath) {
  let list = catalogLists.get(configPath);
  if (!list) {
    list = getCatalogs(linguiConfig(configPath));
    catalogLists.set(configPath, list);
  }
  return list;
}

/** The catalogue (of one of the configs) a `.po` file belongs to, with its config and locale. */
async function findCatalog(file, configPaths) {
  for (const configPath of configPaths) {
    const config = linguiConfig(configPath);
    const relative = path.relative(config.rootDir, file);
    if (relative.startsWith('..')) continue;
    const found = getCatalogForFile(relative, await catalogsOf(configPath));
    if (found) return { ...found, config };
  }
  throw new Error(`${file} is not a catalogue of any of these Lingui configs: ${configPaths.join(', ')}`);
}

/**
 * A `.po` file as an ES module exporting `messages`, compiled for `@lingui/core`. A message the
 * language lacks falls back to English (the configs' fallbackLocales); a message that does not
 * compile (a broken ICU placeholder) is reported and shown as written.
 * @returns {Promise<{ code: string, dependencies: string[] }>}
 */
export async function compileCatalog(file, configPaths) {
  const { locale, catalog, config } = await findCatalog(path.resolve(file), configPaths);
  const { messages } = await catalog.getTranslations(locale, {
    fallbackLocales: config.fallbackLocales,
    sourceLocale: config.sourceLocale,
  });
  const { source, errors } = createCompiledCatalog(locale, messages, {
    namespace: 'es',
    pseudoLocale: config.pseudoLocale,
  });
  if (errors.length) console.warn(createCompilationErrorMessage(locale, errors));
  return { code: source, dependencies: await getCatalogDependentFiles(catalog, locale) };
}

/**
 * Babel options that compile the macros of one file and nothing else (the TypeScript and JSX
 * syntax stay as they are, for the bundler to strip). `stripMessageField: false` keeps each
 * message's English in the code (the server: its logs and a message missing from a catalogue).
 */
export function macroBabelOptions({ configPath, stripMessageField }) {
  const options = { linguiConfig: linguiConfig(configPath) };
  if (stripMessageField !== undefined) options.stripMessageField = stripMessageField;
  return { plugins: [['@lingui/babel-plugin-lingui-macro', options]] };
}

/** The macros of one file compiled, with an inline source map; the code as it was when it imports none. */
export async function compileMacros(code, filename, { configPath, stripMessageField, syntax = [] }) {
  if (!MACRO_IMPORT.test(code)) return code;
  const result = await transformAsync(code, {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: 'inline',
    parserOpts: { plugins: syntax },
    ...macroBabelOptions({ configPath, stripMessageField }),
  });
  if (!result?.code) throw new Error(`Babel returned nothing for ${filename}`);
  return result.code;
}

/** A macro import still there at bundling time means Babel did not see the file: say so plainly. */
export function reportUncompiledMacro(id, importer) {
  if (!MACRO_IDS.includes(id)) return;
  throw new Error(
    `${importer ?? 'A file'} imports ${id}, but its macros were not compiled (packages/shared/tooling/lingui.mjs).`,
  );
}

/**
 * For esbuild (the server's bundle): the same two jobs. Only the repository's own TypeScript
 * goes through Babel (npm packages stay external, and none of them imports a macro).
 * @param {{ configPath: string, catalogConfigPaths: string[], stripMessageField?: boolean }} options
 */
export function linguiEsbuildPlugin({ configPath, catalogConfigPaths, stripMessageField }) {
  return {
    name: 'bantay-lingui',
    setup(build) {
      // Registered before any plugin that marks packages external, so a missed macro fails the build.
      build.onResolve({ filter: /^@lingui\/(?:core|react)\/macro$/ }, (args) =>
        reportUncompiledMacro(args.path, args.importer),
      );
      build.onLoad({ filter: CATALOG_FILE }, async (args) => {
        const { code, dependencies } = await compileCatalog(args.path, catalogConfigPaths);
        return { contents: code, loader: 'js', watchFiles: dependencies };
      });
      build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!MACRO_IMPORT.test(source)) return undefined;
        const tsx = args.path.endsWith('x');
        const contents = await compileMacros(source, args.path, {
          configPath,
          stripMessageField,
          syntax: tsx ? ['typescript', 'jsx'] : ['typescript'],
        });
        return { contents, loader: tsx ? 'tsx' : 'ts' };
      });
    },
  };
}
