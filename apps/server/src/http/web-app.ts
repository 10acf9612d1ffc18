import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { msg } from '@lingui/core/macro';
import fastifyStatic from '@fastify/static';
import { AppError } from '../lib/app-error.ts';
import type { Locale } from '../lib/i18n.ts';
import { everyRoutePublic } from './auth-guard.ts';
import { pageInLanguage, readCatalogueChunks, withCataloguePreload, type CatalogueChunks } from './page-language.ts';

/** The id of the data block the web app reads its public settings from (lib/public-settings.ts). */
const PUBLIC_SETTINGS_ELEMENT_ID = 'bantay-public-settings';

/** Where the landing template (apps/web/scripts/landing-template.mjs) wants the rendered markup. */
const LANDING_MARKER = '<!--bantay-landing-->';

/** The landing page's renderer, built from the web app's components (apps/web/src/prerender). */
export interface LandingRenderer {
  /** index.html with the stylesheet inlined and the landing chunks preloaded, and LANDING_MARKER in the root. */
  template: string;
  render(settings: unknown, locale: Locale): Promise<string>;
}

/** The build's renderer, when the web build made one (dist/ssr); never served as files. */
async function loadLandingRenderer(distDir: string): Promise<LandingRenderer | undefined> {
  const templateFile = path.join(distDir, 'ssr', 'landing.html');
  const moduleFile = path.join(distDir, 'ssr', 'landing.js');
  if (!fs.existsSync(templateFile) || !fs.existsSync(moduleFile)) return undefined;
  const module = (await import(pathToFileURL(moduleFile).href)) as {
    renderLanding(settings: unknown, locale: Locale): Promise<string>;
  };
  return { template: fs.readFileSync(templateFile, 'utf8'), render: (settings, locale) => module.renderLanding(settings, locale) };
}

/**
 * The hashes of the web build's inline scripts (`index.html`, whose head carries
 * apps/web/src/theme-init.js, put inline by apps/web/vite.config.ts), for the content security
 * policy's `script-src`: the page runs them, and nothing else written inline. Empty without a build.
 * The JSON data blocks the server adds (`type="application/json"`) are not scripts that run.
 */
export function inlineScriptHashes(distDir: string | undefined): string[] {
  if (!distDir) return [];
  let html: string;
  try {
    html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${crypto.createHash('sha256').update(match[1]!).digest('base64')}'`);
}

/** A module of the web build: its address and those of the modules it imports, named for preloading. */
export interface WebModule {
  src: string;
  imports: readonly string[];
  /** The worker scripts it starts (ALTCHA's, lib/bot-check-workers.ts), for prefetching. */
  workers: readonly string[];
}

/**
 * One of the web build's entries (its source path, e.g. `src/lite/enhance.ts`), read from Vite's
 * manifest (`.vite/manifest.json`): its file, every chunk it imports statically, so a page can ask
 * for them all at once (`modulepreload`) instead of one round trip per level of imports, and the
 * worker scripts those chunks start (Vite lists them as the chunk's `assets`).
 * Undefined without a build (index.html, which `serveWebApp` needs to serve the files), a
 * manifest, that entry or its file.
 */
export function webBuildModule(distDir: string | undefined, source: string): WebModule | undefined {
  if (!distDir || !fs.existsSync(path.join(distDir, 'index.html'))) return undefined;
  let manifest: Record<string, { file?: unknown; imports?: unknown } | undefined>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    return undefined;
  }
  const file = manifest?.[source]?.file;
  if (typeof file !== 'string' || !fs.existsSync(path.join(distDir, file))) return undefined;
  const imports = new Set<string>();
  const workers = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key] as { imports?: unknown; assets?: unknown } | undefined;
    for (const asset of Array.isArray(chunk?.assets) ? chunk.assets : []) if (typeof asset === 'string' && asset.endsWith('.js')) workers.add(`/${asset}`);
    if (!chunk || !Array.isArray(chunk.imports)) return;
    for (const imported of chunk.imports) {
      const importedFile = typeof imported === 'string' ? manifest[imported]?.file : undefined;
      if (typeof importedFile !== 'string' || imports.has(`/${importedFile}`)) continue;
      imports.add(`/${importedFile}`);
      visit(imported as string);
    }
  };
  visit(source);
  return { src: `/${file}`, imports: [...imports], workers: [...workers] };
}

/** Puts the settings block before `</head>`; `<` escaped, so no value can close the script element early. */
function withSettings(html: string, json: string): string {
  const block = `<script type="application/json" id="${PUBLIC_SETTINGS_ELEMENT_ID}">${json.replaceAll('<', '\\u003c')}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`;
}

/**
 * A `<meta http-equiv="refresh">` inside `<noscript>` in the head: a browser with scripts off goes
 * on to the page without JavaScript at once; one with scripts on reads the `<noscript>` as text and
 * never follows it.
 */
function withNoScriptAddress(html: string, address: string | undefined): string {
  if (!address || !html.includes('</head>')) return html;
  const escaped = address.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return html.replace('</head>', () => `<noscript><meta http-equiv="refresh" content="0; url=${escaped}"></noscript></head>`);
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached, and
 * every other non-API GET answered with index.html so client routes survive a reload.
 *
 * The shell carries the public settings as a JSON data block, so the public pages render the
 * barangay's name and hotlines in their first paint instead of after a second round trip, and
 * nothing moves when they arrive (the landing page's layout shift). A data block is never executed,
 * so the strict script policy stays as it is.
 *
 * `/` is the landing page pre-rendered (decision 013): rendered from the web app's own components
 * once per version of the public settings (they are what the page shows) and language, so it
 * paints before any script and the browser hydrates the same markup. If rendering fails, `/` gets
 * the plain shell.
 *
 * Every page goes out in the request's language (docs/product.md §12, http/request-locale.ts:
 * the browser's saved choice, else its Accept-Language): `<html lang>`, the shell's own texts
 * (http/page-language.ts) and a preload of that language's catalogue, which the app fetches
 * before it renders. The answer says it varies on the cookie and Accept-Language.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  publicSettingsJson: () => Promise<string>,
  options: {
    landing?: LandingRenderer | null;
    /**
     * HTML put before the app's root on `/` (the active advisories, decision 028): painted with the
     * page, unseen by React. The page is rendered and compressed again only when it changes.
     */
    landingBanner?: (locale: Locale) => Promise<string>;
    /**
     * The page without JavaScript that stands in for an app address, if any (modules/plain-pages,
     * decision 033): that address's shell sends a browser with scripts off on to it.
     */
    noScriptAddress?: (pathname: string, query: URLSearchParams) => string | undefined;
  } = {},
): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && fs.existsSync(indexFile);
  const shell = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  const catalogues: CatalogueChunks = hasBuild ? readCatalogueChunks(distDir!) : {};
  const shells = new Map<Locale, { json: string; html: string }>();
  const shellWith = (json: string, locale: Locale): string => {
    let rendered = shells.get(locale);
    if (rendered?.json !== json) {
      rendered = { json, html: withSettings(withCataloguePreload(pageInLanguage(shell, locale), catalogues, locale), json) };
      shells.set(locale, rendered);
    }
    return rendered.html;
  };
  const landing =
    options.landing === undefined
      ? hasBuild
        ? await loadLandingRenderer(distDir!)
        : undefined
      : (options.landing ?? undefined);
  const landingPage = landing ? landingPageCache(landing, catalogues, app.log) : undefined;

  if (hasBuild) {
    // The built files are public, and say so (decision 025).
    await app.register(everyRoutePublic(fastifyStatic), {
      root: distDir!,
      wildcard: false,
      preCompressed: true,
      index: false,
      // The landing renderer and its template are the server's, not the browser's.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      hasBuild &&
      wantsPage &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/socket.io')
    ) {
      // A missing file with an extension is a real 404, not a client route.
      if (!path.extname(pathname) || pathname.endsWith('.html')) {
        const locale = request.locale;
        reply
          .header('Cache-Control', 'no-cache')
          .header('Content-Language', locale)
          .header('Vary', 'Cookie, Accept-Language')
          .type('text/html; charset=utf-8');
        const json = await publicSettingsJson();
        const landingHtml =
          pathname === '/' && landingPage ? await landingPage(json, (await options.landingBanner?.(locale)) ?? '', locale) : undefined;
        if (!landingHtml) return withNoScriptAddress(shellWith(json, locale), options.noScriptAddress?.(pathname, new URLSearchParams(request.url.split('?')[1] ?? '')));
        // Sent compressed as made once per settings version and language (the compression hook
        // does not reach this handler, and the page, with its stylesheet, is some 80 KB before compression).
        reply.header('Vary', 'Accept-Encoding, Cookie, Accept-Language');
        const accepted = String(request.headers['accept-encoding'] ?? '');
        if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(landingHtml.br);
        if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(landingHtml.gzip);
        return landingHtml.html;
      }
    }
    const method = request.method;
    throw new AppError('NOT_FOUND', msg`No route for ${method} ${pathname}`);
  });
}

/**
 * The landing page for a version of the settings in a language, rendered once and kept until the
 * settings change (concurrent first requests share the render), with its gzip and brotli forms.
 * Undefined when rendering failed: the caller sends the plain shell, which the browser renders as before.
 */
interface LandingPage {
  html: string;
  gzip: Buffer;
  br: Buffer;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

function landingPageCache(
  landing: LandingRenderer,
  catalogues: CatalogueChunks,
  log: FastifyBaseLogger,
): (json: string, banner: string, locale: Locale) => Promise<LandingPage | undefined> {
  const pages = new Map<Locale, { json: string; banner: string; html: Promise<LandingPage | undefined> }>();
  // Renders run one after another: the renderer holds the settings it renders in module state.
  let previous: Promise<unknown> = Promise.resolve();
  return (json, banner, locale) => {
    let current = pages.get(locale);
    if (current?.json !== json || current.banner !== banner) {
      const html = previous
        .then(() => landing.render(JSON.parse(json), locale))
        .then(async (markup) => {
          const template = withCataloguePreload(pageInLanguage(landing.template, locale), catalogues, locale);
          const page = template.replace(LANDING_MARKER, () => markup);
          const html = withSettings(banner ? page.replace('<div id="root">', () => `${banner}<div id="root">`) : page, json);
          const [gzipped, brotlied] = await Promise.all([
            gzip(html, { level: 9 }),
            brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          return { html, gzip: gzipped, br: brotlied };
        })
        .catch((error: unknown) => {
          log.error({ err: error, locale }, 'Could not pre-render the landing page; serving the plain shell');
          const failed = pages.get(locale);
          if (failed?.json === json && failed.banner === banner) pages.delete(locale);
          return undefined;
        });
      previous = html;
      current = { json, banner, html };
      pages.set(locale, current);
    }
    return current.html;
  };
}
