// Node module hooks (node:module `register`) that do Lingui's build-time work where no bundler
// runs: the server's tsx scripts (`npm run dev`, `seed:demo`, `demo:patrol`). tsx cannot run Babel
// plugins, so these hooks sit in front of tsx's: a `.po` import becomes its compiled catalogue,
// and a module whose code (as tsx compiled it) imports a Lingui macro goes through Babel's macro
// plugin. Registered by apps/server/scripts/lingui-register.mjs, after tsx's own hooks (hooks
// registered later run first, and call tsx's through `nextLoad`).
import { fileURLToPath } from 'node:url';
import { CATALOG_FILE, MACRO_IMPORT, compileCatalog, compileMacros } from './lingui.mjs';

/** @type {{ configPath: string, catalogConfigPaths: string[], stripMessageField?: boolean }} */
let options;

export function initialize(data) {
  options = data;
}

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && CATALOG_FILE.test(new URL(url).pathname)) {
    const { code } = await compileCatalog(fileURLToPath(url), options.catalogConfigPaths);
    return { format: 'module', source: code, shortCircuit: true };
  }
  const result = await nextLoad(url, context);
  if (result.format !== 'module' || result.source == null || !url.startsWith('file:') || url.includes('/node_modules/'))
    return result;
  const code = typeof result.source === 'string' ? result.source : Buffer.from(result.source).toString('utf8');
  if (!MACRO_IMPORT.test(code)) return result;
  return { ...result, source: await compileMacros(code, fileURLToPath(url), options) };
}
