import fs from 'node:fs';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/**
 * The service worker's build (decision 020): vite-plugin-pwa compiles `src/sw.ts` with Workbox and
 * writes the precache list into it. The precache holds what the public pages need to open with no
 * connection, never the staff app (its chunks are kept at run time once fetched, see src/sw.ts).
 * Every visitor downloads it once, on prepaid data, so what is only useful online stays out: the
 * report map (Leaflet, about 50 KB gzip; without tiles it shows nothing to find a place by, and
 * the picker falls back to the phone's position) and a signed-in resident's alerts card (which
 * needs the server anyway).
 *
 * The pages' code is found in Vite's manifest: each page's chunk and every chunk and stylesheet it
 * imports statically, so a new import in a public page is precached without a change here.
 */
const PUBLIC_SOURCES = [
  // The entry (the router, the error screens) and its stylesheet.
  'index.html',
  // The worker's own start-up in the page, and its notices (update prompt, a report kept on the phone).
  'src/app/pwa/register.ts',
  'src/app/pwa/notices.tsx',
  'src/app/routes/LandingPage.tsx',
  'src/app/routes/NotFoundPage.tsx',
  // The report page: emergency (in its own chunk), the wizard and the ticket lookup.
  'src/features/report/ReportIncidentsPage.tsx',
  'src/features/report/ReportWizard.tsx',
  'src/features/report/TicketLookup.tsx',
  // A signed-in resident's frame on the public pages and their list on the landing page: a chunk
  // that cannot load would put the error screen where the page should be.
  'src/components/layout/SideNav.tsx',
  'src/components/layout/TopBar.tsx',
  'src/features/residents/MyReportsCard.tsx',
  // The script of the server's emergency form, the landing page's Emergency link (src/lite/enhance.ts).
  'src/lite/enhance.ts',
];
/** Fetched by the public pages on demand; precached when the build has them. */
const OPTIONAL_PUBLIC_SOURCES = [
  // The public pages' catalogues in both languages (decision 029): each is fetched when a page
  // needs it (src/lib/i18n.ts), and a page whose words cannot load cannot render.
  /(^|\/)src\/locales\/(en|fil)\/(landing|public|messages)\.po$/,
];
/**
 * Built files outside Vite's manifest that the public pages need: ALTCHA's proof-of-work worker
 * (src/lib/bot-check-workers.ts; Vite builds workers on their own), started on the emergency
 * screen as soon as it opens (seconds count on a slow phone), and by every report that waited for
 * a signal the moment the signal returns.
 */
const PUBLIC_UNLISTED_FILES = [/^assets\/pbkdf2-[\w-]+\.js$/];
/** Files outside assets/ the shell loads. */
const SHELL_FILES = ['index.html', 'favicon.svg'];

interface ViteManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The files of the public pages: their chunks, what they import statically, and their CSS. */
function publicFiles(manifest: Record<string, ViteManifestChunk>): Set<string> {
  const keys = Object.keys(manifest);
  const roots = [
    ...PUBLIC_SOURCES.map((source) => {
      if (!manifest[source]) throw new Error(`precache: ${source} is not in the build manifest (renamed? update apps/web/pwa.config.ts)`);
      return source;
    }),
    ...OPTIONAL_PUBLIC_SOURCES.flatMap((pattern) => keys.filter((key) => pattern.test(key))),
  ];
  const files = new Set<string>(SHELL_FILES);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return files;
}

function onlyPublicPages(outDir: string): ManifestTransform {
  return (entries) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>;
    const wanted = publicFiles(manifest);
    const kept = entries.filter((entry) => wanted.has(entry.url) || PUBLIC_UNLISTED_FILES.some((pattern) => pattern.test(entry.url)));
    const bytes = kept.reduce((sum, entry) => sum + entry.size, 0);
    console.log(`precache: ${kept.length} files, ${(bytes / 1024).toFixed(1)} KB before compression`);
    return { manifest: kept, warnings: [] };
  };
}

export function serviceWorker(outDir: string) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    // The web app registers the worker itself, after the page has loaded (src/main.tsx), and offers
    // a new version with a button (src/app/pwa): never `autoUpdate`, which would reload mid-form.
    injectRegister: false,
    registerType: 'prompt',
    // The manifest is the server's, made from the barangay settings (modules/app-manifest).
    manifest: false,
    injectManifest: {
      globPatterns: ['*.{html,js,svg}', 'assets/*.{js,css}'],
      globIgnores: ['sw.js', 'ssr/**'],
      manifestTransforms: [onlyPublicPages(outDir)],
      // No public file comes near this; a bigger file means something wrong was picked up.
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    },
  });
}
