import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../lib/app-error.ts';
import { everyRoutePublic } from './auth-guard.ts';

/** The id of the data block the web app reads its public settings from (lib/public-settings.ts). */
export const PUBLIC_SETTINGS_ELEMENT_ID = 'bantay-public-settings';

/** Where the landing template (apps/web/scripts/landing-template.mjs) wants the rendered markup. */
export const LANDING_MARKER = '<!--bantay-landing-->';

/** The landing page's renderer, built from the web app's components (apps/web/src/prerender). */
export interface LandingRenderer {
  /** index.html with the stylesheet inlined and the landing chunks preloaded, and LANDING_MARKER in the root. */
  template: string;
  render(settings: unknown): Promise<string>;
}

/** The build's renderer, when the web build made one (dist/ssr); never served as files. */
async function loadLandingRenderer(distDir: string): Promise<LandingRenderer | undefined> {
  const templateFile = path.join(distDir, 'ssr', 'landing.html');
  const moduleFile = path.join(distDir, 'ssr', 'landing.js');
  if (!fs.existsSync(templateFile) || !fs.existsSync(moduleFile)) return undefined;
  const module = (await import(pathToFileURL(moduleFile).href)) as {
    renderLanding(settings: unknown): Promise<string>;
  };
  return { template: fs.readFileSync(templateFile, 'utf8'), render: (settings) => module.renderLanding(settings) };
}

/** Puts the settings block before `</head>`; `<` escaped, so no value can close the script element early. */
function withSettings(html: string, json: string): string {
  const block = `<script type="application/json" id="${PUBLIC_SETTINGS_ELEMENT_ID}">${json.replaceAll('<', '\\u003c')}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`;
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
 * once per version of the public settings (they are what the page shows), so it paints before any
 * script and the browser hydrates the same markup. If rendering fails, `/` gets the plain shell.
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
    landingBanner?: () => Promise<string>;
  } = {},
): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && fs.existsSync(indexFile);
  const shell = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  let rendered = { json: '', html: shell };
  const shellWith = (json: string): string => {
    if (rendered.json !== json) rendered = { json, html: withSettings(shell, json) };
    return rendered.html;
  };
  const landing =
    options.landing === undefined
      ? hasBuild
        ? await loadLandingRenderer(distDir!)
        : undefined
      : (options.landing ?? undefined);
  const landingPage = landing ? landingPageCache(landing, app.log) : undefined;

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
        reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
        const json = await publicSettingsJson();
        const landingHtml = pathname === '/' && landingPage ? await landingPage(json, (await options.landingBanner?.()) ?? '') : undefined;
        if (!landingHtml) return shellWith(json);
        // Sent compressed as made once per settings version (the compression hook does not reach
        // this handler, and the page, with its stylesheet, is some 80 KB before compression).
        reply.header('Vary', 'Accept-Encoding');
        const accepted = String(request.headers['accept-encoding'] ?? '');
        if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(landingHtml.br);
        if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(landingHtml.gzip);
        return landingHtml.html;
      }
    }
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}`);
  });
}

/**
 * The landing page for a version of the settings, rendered once and kept until the settings
 * change (concurrent first requests share the render), with its gzip and brotli forms. Undefined
 * when rendering failed: the caller sends the plain shell, which the browser renders as before.
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
  log: FastifyBaseLogger,
): (json: string, banner: string) => Promise<LandingPage | undefined> {
  let current: { json: string; banner: string; html: Promise<LandingPage | undefined> } | undefined;
  // Renders run one after another: the renderer holds the settings it renders in module state.
  let previous: Promise<unknown> = Promise.resolve();
  return (json, banner) => {
    if (current?.json !== json || current.banner !== banner) {
      const html = previous
        .then(() => landing.render(JSON.parse(json)))
        .then(async (markup) => {
          const page = landing.template.replace(LANDING_MARKER, () => markup);
          const html = withSettings(banner ? page.replace('<div id="root">', () => `${banner}<div id="root">`) : page, json);
          const [gzipped, brotlied] = await Promise.all([
            gzip(html, { level: 9 }),
            brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          return { html, gzip: gzipped, br: brotlied };
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'Could not pre-render the landing page; serving the plain shell');
          if (current?.json === json && current.banner === banner) current = undefined;
          return undefined;
        });
      previous = html;
      current = { json, banner, html };
    }
    return current.html;
  };
}
