// The source files the public pages reach: each public route's page and everything it imports,
// statically or lazily, up to the staff layout. Their strings make the `public` catalogue part
// (src/lib/i18n.ts), which a visitor downloads alone; lingui.config.ts reads this list.
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
