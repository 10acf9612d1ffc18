// The source files the public pages reach: each public route's page and everything it imports,
// statically or lazily, up to the staff layout. Their strings make the `landing` and `public`
// catalogue parts (src/lib/i18n.ts), which a visitor downloads without the staff part;
// lingui.config.ts reads these lists.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');

/** Where the public side starts: the entry, and the pages and shell the router mounts outside the staff layout. */
const ENTRIES = ['main.tsx', 'app/router.tsx', 'prerender/landing.tsx'];
/** The staff side starts here; the public walk stops at it. */
const STAFF_ONLY = [
  /^app\/layout\/StaffLayout\.tsx$/,
  /^app\/routes\/(?!LandingPage|NotFoundPage|ResidentCards)[^/]+\.tsx$/,
];

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;

function resolve(from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(src, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Where the landing page starts: the entry, the landing page the router loads at once, its renderer. */
const LANDING_ENTRIES = ['main.tsx', 'app/routes/LandingPage.tsx', 'prerender/landing.tsx'];

/**
 * The source files the landing page reaches by static imports alone (the walk stops at every
 * dynamic import): their strings make the `landing` part, the one a first visit loads. What the
 * landing page loads later (a signed-in resident's cards, the forgot-PIN dialog, the signed-in
 * header, the other pages) loads the `public` part with it (src/lib/i18n.ts, `withCatalog`).
 */
export function landingModules() {
  const seen = new Set();
  const visit = (file) => {
    const relative = path.relative(src, file).split(path.sep).join('/');
    if (seen.has(relative) || !/\.tsx?$/.test(file)) return;
    seen.add(relative);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (match[2]) continue;
      const target = resolve(file, match[1] ?? match[3]);
      if (target) visit(target);
    }
  };
  for (const entry of LANDING_ENTRIES) visit(path.join(src, entry));
  return [...seen].sort();
}

export function publicModules() {
  const seen = new Set();
  const visit = (file) => {
    const relative = path.relative(src, file).split(path.sep).join('/');
    if (seen.has(relative) || !/\.tsx?$/.test(file)) return;
    if (STAFF_ONLY.some((pattern) => pattern.test(relative))) return;
    seen.add(relative);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(file, match[1] ?? match[2] ?? match[3]);
      if (target) visit(target);
    }
  };
  for (const entry of ENTRIES) visit(path.join(src, entry));
  return [...seen].sort();
}
