// `npm run i18n:check` (part of `npm test`): the catalogues match the code (decision 029).
// For every Lingui catalogue of the web app, the server and the shared schemas it fails when
//   - a message the code uses is missing from a catalogue (run the package's `i18n:extract`),
//   - a catalogue keeps a message no code uses any more (the same command removes it),
//   - a message has no Filipino, or its Filipino drops or invents a placeholder ({name}, <0>),
//   - one message has two different Filipino translations in two parts of the web catalogue.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { parse } from '@messageformat/parser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIGS = ['apps/web/lingui.config.ts', 'apps/server/lingui.config.ts', 'packages/shared/lingui.config.ts']
  .map((file) => path.join(root, file))
  .filter((file) => fs.existsSync(file));

/**
 * The placeholders of an ICU message: its arguments (`{name}`, `{count, plural, …}`,
 * `{status, select, …}`, with those inside the cases) and Lingui's `<0>` tags. The cases' own
 * words are translated, so they are not compared.
 */
function placeholders(message) {
  const names = new Set();
  const visit = (tokens) => {
    for (const token of tokens) {
      if (token.type === 'content') for (const match of token.value.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${match[1]}>`);
      if ('arg' in token) names.add(`{${token.arg}}`);
      for (const branch of token.cases ?? []) visit(branch.tokens);
    }
  };
  try {
    visit(parse(message));
  } catch (error) {
    return `not a valid message: ${error.message}`;
  }
  return [...names].sort().join(' ');
}

const problems = [];
let total = 0;
const filipinoById = new Map();
for (const configPath of CONFIGS) {
  const config = getConfig({ configPath, skipValidation: true });
  const where = path.relative(root, path.dirname(configPath));
  for (const catalog of await getCatalogs(config)) {
    const name = `${where}: ${path.relative(path.dirname(configPath), catalog.path)}`;
    const used = (await catalog.collect()) ?? {};
    const usedIds = new Set(Object.keys(used));
    total += usedIds.size;
    for (const locale of config.locales) {
      const stored = await catalog.read(locale);
      const storedIds = new Set(Object.keys(stored ?? {}).filter((id) => !stored[id].obsolete));
      for (const id of usedIds) if (!storedIds.has(id)) problems.push(`${name} (${locale}): missing "${used[id].message ?? id}"`);
      for (const id of storedIds) if (!usedIds.has(id)) problems.push(`${name} (${locale}): unused "${stored[id].message ?? id}"`);
      if (locale === config.sourceLocale) continue;
      for (const id of usedIds) {
        const entry = stored?.[id];
        if (!entry) continue;
        const source = entry.message ?? used[id].message ?? id;
        if (!entry.translation) {
          problems.push(`${name} (${locale}): no translation for "${source}"`);
          continue;
        }
        if (placeholders(source) !== placeholders(entry.translation))
          problems.push(`${name} (${locale}): placeholders differ in "${source}" → "${entry.translation}"`);
        const key = `${where}\u0000${locale}\u0000${id}`;
        const earlier = filipinoById.get(key);
        if (earlier && earlier.translation !== entry.translation)
          problems.push(`${name} (${locale}): "${source}" reads "${entry.translation}" here but "${earlier.translation}" in ${earlier.name}`);
        filipinoById.set(key, { translation: entry.translation, name });
      }
    }
  }
}
if (problems.length) {
  const byPackage = new Map();
  for (const problem of problems) {
    const where = problem.slice(0, problem.indexOf(':'));
    byPackage.set(where, [...(byPackage.get(where) ?? []), problem]);
  }
  for (const [where, list] of byPackage) {
    console.error(`${where}: ${list.length} catalogue problem(s)\n  ${list.slice(0, 60).join('\n  ')}`);
  }
  console.error(`Run the package's i18n:extract, then give every message its Filipino.`);
  process.exit(1);
}
console.log(`catalogues match the code: ${total} messages in ${CONFIGS.length} packages, each with its Filipino`);
