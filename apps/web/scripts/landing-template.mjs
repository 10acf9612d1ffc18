// The page the server fills with the pre-rendered landing page (decision 013): the built
// index.html with the landing page's critical CSS inlined (the first paint waits for no second
// request), the whole stylesheet fetched without blocking that paint (the app switches it on when
// it starts), the landing page's own chunks preloaded (hydration does not wait for the entry to
// ask for them), and a marker where the server puts the rendered markup. Written next to the
// render module in dist/ssr, which the server never serves as a file.
//
// The catalogue the page starts in depends on the visitor's language, which only the server
// knows (decision 029): dist/ssr/catalogues.json lists, per language, the chunks of the catalogue's
// landing part (src/locales/<lang>/landing.po compiled to JavaScript, the part the app starts
// with, src/lib/i18n.ts), and the server preloads the one language it answers in.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const LANDING_SOURCE = 'src/app/routes/LandingPage.tsx';
export const LANDING_MARKER = '<!--bantay-landing-->';
const FULL_STYLESHEET_ID = 'bantay-stylesheet';

const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(await fs.readFile(path.join(dist, '.vite/manifest.json'), 'utf8'));

// The landing chunk and every chunk it imports statically, minus what index.html preloads already.
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
if (!manifest[LANDING_SOURCE]) throw new Error(`${LANDING_SOURCE} is not in the build manifest`);
visit(LANDING_SOURCE);
const catalogues = cataloguePreloads(manifest);
const preloads = [...files]
  .filter((file) => !html.includes(`/${file}"`))
  .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  .join('\n    ');

// The emergency form's script (src/lite/enhance.ts: the landing page's Emergency link leads to the
// server's form, which loads it), prefetched: at the lowest priority, after everything the landing
// page needs, so the form a frightened person opens finds it on the phone. A few KB, where the
// report page's chunks prefetched here before slowed the landing page's own on one bar of signal
// (docs/benchmarks.md, "The field"). The service worker precaches the same files right after
// (pwa.config.ts), so a visitor who never taps downloads nothing more than before.
const EMERGENCY_SCRIPT_SOURCE = 'src/lite/enhance.ts';
if (!manifest[EMERGENCY_SCRIPT_SOURCE]) throw new Error(`${EMERGENCY_SCRIPT_SOURCE} is not in the build manifest`);
const emergencyFiles = new Set();
const visitEmergency = (key) => {
  const chunk = manifest[key];
  if (!chunk || emergencyFiles.has(chunk.file) || files.has(chunk.file)) return;
  emergencyFiles.add(chunk.file);
  for (const imported of chunk.imports ?? []) visitEmergency(imported);
};
visitEmergency(EMERGENCY_SCRIPT_SOURCE);
const prefetches = [...emergencyFiles]
  .filter((file) => !html.includes(`/${file}"`))
  .map((file) => `<link rel="prefetch" crossorigin href="/${file}">`)
  .join('\n    ');

const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/index-[^"]+\.css)">/.exec(html);
if (!stylesheet) throw new Error('index.html has no stylesheet link to inline');
const css = await fs.readFile(path.join(dist, stylesheet[1]), 'utf8');
// A relative url() would resolve against the page instead of /assets/ once inlined.
if (/url\(\s*['"]?(?!data:|https?:|\/)/.test(css))
  throw new Error('the stylesheet has relative URLs; inlining would break them');

const critical = await criticalCss(css);
const template = html
  .replace(
    stylesheet[0],
    `<style>${critical.replaceAll('</style', '<\\/style')}</style>\n    ` +
      // media="print" keeps it from blocking the first paint; src/main.tsx sets it to "all".
      `<link rel="stylesheet" crossorigin href="/${stylesheet[1]}" media="print" id="${FULL_STYLESHEET_ID}">\n    ${preloads}\n    ${prefetches}`,
  )
  .replace('<div id="root"></div>', `<div id="root">${LANDING_MARKER}</div>`);
if (!template.includes(LANDING_MARKER)) throw new Error('index.html has no empty root element');
await fs.mkdir(path.join(dist, 'ssr'), { recursive: true });
await fs.writeFile(path.join(dist, 'ssr', 'landing.html'), template);
await fs.writeFile(path.join(dist, 'ssr', 'catalogues.json'), `${JSON.stringify(catalogues, null, 2)}\n`);
console.log(
  `landing template: ${(critical.length / 1024).toFixed(1)} KB of the stylesheet's ${(css.length / 1024).toFixed(1)} KB inlined, ${files.size} chunks preloaded, catalogues: ${Object.entries(catalogues).map(([lang, list]) => `${lang} ${list.length}`).join(', ')}`,
);

/**
 * Per language, the chunks the landing part of its catalogue loads (lib/i18n.ts), and what they
 * import statically: the server puts a modulepreload for the visitor's language in the page.
 */
function cataloguePreloads(manifest) {
  const byLanguage = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = /^src\/locales\/([a-z]+)\/landing\.po$/.exec(key);
    if (!match) continue;
    const list = (byLanguage[match[1]] ??= []);
    const add = (entry) => {
      if (!entry || list.includes(entry.file)) return;
      list.push(entry.file);
      for (const imported of entry.imports ?? []) add(manifest[imported]);
    };
    add(chunk);
  }
  for (const lang of ['en', 'fil']) {
    if (!byLanguage[lang]?.length) throw new Error(`the build manifest has no landing catalogue for ${lang}`);
    // What index.html loads already needs no second hint.
    byLanguage[lang] = byLanguage[lang].filter((file) => !html.includes(`/${file}"`));
  }
  return byLanguage;
}

/**
 * The rules the landing page uses, found by rendering it (with hotlines and without, with a logo
 * and without, in each language) and keeping what matches its markup, the no-JavaScript note included. Every
 * dark-theme rule is kept: the theme is chosen before the first paint, not by the markup.
 */
async function criticalCss(fullCss) {
  const { renderLanding } = await import(pathToFileURL(path.join(dist, 'ssr', 'landing.js')).href);
  const settings = {
    name: 'Barangay', abbreviation: 'BRGY', logo: null, boundary: null, timezone: 'Asia/Manila',
    mapStart: { lat: 14.7356, lng: 121.0498, zoom: 13 },
    hotlines: [{ label: 'Barangay Hall', number: '+63 2 8930 1234' }],
    incidentTypes: [], map: { tileUrl: '', attribution: '' },
  };
  const variants = [
    await renderLanding(settings),
    await renderLanding({ ...settings, logo: '/uploads/logo.png', hotlines: [] }),
    await renderLanding(settings, 'fil'),
  ];
  const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
  const page = `<!doctype html><html><head><style>${fullCss}</style></head><body>${noscript}${variants.join('')}</body></html>`;
  const beasties = new Beasties({ path: dist, external: false, reduceInlineStyles: true, allowRules: [/dark-mode/], logLevel: 'warn' });
  const reduced = await beasties.process(page);
  const inlined = /<style>([\s\S]*?)<\/style>/.exec(reduced)?.[1];
  if (!inlined) throw new Error('no critical CSS came out of the landing page');
  return inlined;
}
