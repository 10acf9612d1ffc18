// The page the server fills with the pre-rendered landing page (decision 013): the built
// index.html with the app's stylesheet inlined (the first paint waits for no second request), the
// landing page's own chunks preloaded (hydration does not wait for the entry to ask for them), and
// a marker where the server puts the rendered markup. Written next to the render module in
// dist/ssr, which the server never serves as a file.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const LANDING_SOURCE = 'src/app/routes/LandingPage.tsx';
export const LANDING_MARKER = '<!--bantay-landing-->';

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
const preloads = [...files]
  .filter((file) => !html.includes(`/${file}"`))
  .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  .join('\n    ');

const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/index-[^"]+\.css)">/.exec(html);
if (!stylesheet) throw new Error('index.html has no stylesheet link to inline');
const css = await fs.readFile(path.join(dist, stylesheet[1]), 'utf8');
// A relative url() would resolve against the page instead of /assets/ once inlined.
if (/url\(\s*['"]?(?!data:|https?:|\/)/.test(css))
  throw new Error('the stylesheet has relative URLs; inlining would break them');

const template = html
  .replace(stylesheet[0], `<style>${css.replaceAll('</style', '<\\/style')}</style>\n    ${preloads}`)
  .replace('<div id="root"></div>', `<div id="root">${LANDING_MARKER}</div>`);
if (!template.includes(LANDING_MARKER)) throw new Error('index.html has no empty root element');
await fs.mkdir(path.join(dist, 'ssr'), { recursive: true });
await fs.writeFile(path.join(dist, 'ssr', 'landing.html'), template);
console.log(
  `landing template: stylesheet inlined (${(css.length / 1024).toFixed(1)} KB), ${files.size} chunks preloaded`,
);
