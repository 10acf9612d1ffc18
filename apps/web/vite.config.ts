import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { linguiPlugins } from './lingui-macro.ts';
import tailwindcss from '@tailwindcss/vite';
import { serviceWorker } from './pwa.config.ts';

/**
 * The icons of the landing page and the public frame, in one chunk instead of one chunk of 300
 * bytes each (every chunk costs a request, a module wrapper and a gzip stream of its own).
 */
const PUBLIC_ICONS =
  /lucide-react\/dist\/esm\/icons\/(siren|shield-exclamation-point|ticket|star|chevron-right|phone|moon|sun|eye|eye-off)\.m?js$/;

/**
 * The report page's icons that staff pages share: one chunk instead of a dozen 0.2–0.3 KB ones
 * (each small chunk costs its own wrapper and request). A staff page that needs one of them
 * fetches the whole group (about 1.5 KB gzip) instead.
 */
const REPORT_ICONS =
  /lucide-react\/dist\/esm\/icons\/(map-pin|pencil|crosshair|copy|message-square|download|circle-check|flame|search|arrow-left|x|check)\.m?js$/;

/** Small leaf modules of the landing page and the other public pages, likewise. */
const PUBLIC_PARTS = new RegExp(
  [
    String.raw`src/lib/(phone|public-settings|resident-session)\.ts$`,
    String.raw`src/components/(BrandMark|ThemeToggle|form/TextField)\.tsx$`,
    String.raw`src/components/layout/use-side-nav\.ts$`,
    String.raw`src/features/residents/(PinField\.tsx|pin-rules\.ts|paths\.ts)$`,
    String.raw`packages/shared/src/limits\.ts$`,
  ].join('|'),
);

/**
 * `src/theme-init.js` written into the page's head instead of fetched: it must run before the first
 * paint (the theme, the held tap), so as a file it blocked that paint for a round trip, half a second
 * on slow 3G on a first visit (docs/benchmarks.md, "The field"). The server allows it by its hash in
 * the content security policy (apps/server/src/http/web-app.ts, `inlineScriptHashes`).
 */
function inlineThemeScript(): Plugin {
  const file = path.resolve(import.meta.dirname, 'src/theme-init.js');
  return {
    name: 'bantay-inline-theme-init',
    transformIndexHtml: (html) => {
      const marker = '<!-- src/theme-init.js -->';
      if (!html.includes(marker)) throw new Error(`index.html has no ${marker}`);
      return html.replace(marker, () => `<script>${fs.readFileSync(file, 'utf8').trim()}</script>`);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The service worker (pwa.config.ts) belongs to the browser build, not the landing page's renderer.
  plugins: [react(), ...linguiPlugins(), tailwindcss(), inlineThemeScript(), ...(isSsrBuild ? [] : [serviceWorker(path.resolve(import.meta.dirname, 'dist'))])],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      // wouter reads useSyncExternalStore through the shim for React 17 and older; React 19 has it,
      // so the shim would only ship dead code with the landing page (decision 030).
      'use-sync-external-store/shim/index.js': 'react',
    },
  },
  // The SSR build is the landing page's renderer (decision 013), which the server runs; the
  // browser build's manifest tells scripts/landing-template.mjs which chunks that page needs.
  build: isSsrBuild
    ? { target: 'node22', outDir: 'dist/ssr', copyPublicDir: false, sourcemap: false }
    : {
        target: 'es2022',
        sourcemap: true,
        chunkSizeWarningLimit: 400,
        manifest: true,
        rolldownOptions: {
          // The app, and the script that improves the server's emergency and report forms
          // (src/lite/enhance.ts): an entry of its own, as those pages load nothing of the app.
          input: { index: path.resolve(import.meta.dirname, 'index.html'), enhance: path.resolve(import.meta.dirname, 'src/lite/enhance.ts') },
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                { name: 'public-icons', test: PUBLIC_ICONS },
                { name: 'public-parts', test: PUBLIC_PARTS },
                { name: 'report-icons', test: REPORT_ICONS },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
}));
