/// <reference lib="webworker" />
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PrecacheEntry } from 'workbox-precaching';
import { PUBLIC_PAGES_CACHE_PREFIX, type FreshPublicPage } from '../lib/public-page-cache.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The public pages a resident opens in an emergency: the landing page and the report page (its
 * emergency screen, wizard and ticket lookup are one page, told apart by the query, which the
 * stored copy ignores: the server's HTML differs only in its `<noscript>`, inert with a worker).
 * Case-insensitive, as the app's routes are (src/app/router.tsx); Workbox matches the path with its query.
 */
const PUBLIC_PAGES = /^\/(?:reportincidents\/?)?(?:\?.*)?$/i;
/**
 * The server's emergency form, where the landing page's Emergency link leads (src/lite/enhance.ts):
 * its blank form is the same for every visitor too, and the script gives a stored copy an id of its
 * own. Not with a query: `?lang=` switches the language on the server.
 */
const EMERGENCY_FORM = /^\/lite\/emergency$/;
/** The pages stored when the worker installs. */
const STORED_AT_INSTALL = ['/', '/Reportincidents', '/lite/emergency'];
/** With nothing stored and no answer after this long on one bar of signal, the precached shell. */
const NETWORK_TIMEOUT_MS = 4000;
/** The settings data block and the landing page's advisory block, as the server writes them. */
const SETTINGS_BLOCK = /<script type="application\/json" id="bantay-public-settings">([^<]*)<\/script>/;
const ADVISORY_BLOCK = /<style>\s*\.bantay-advisories[\s\S]*?<\/section>/;
/** The code and styles a page names: they must be this worker's, or the page is of another version. */
const PAGE_CODE = /<(?:script[^>]*\ssrc|link[^>]*\srel="(?:stylesheet|modulepreload)"[^>]*\shref)="(\/assets\/[^"]+)"/g;

interface PublicPagesOptions {
  /** This worker's precache list: a stored page may name only code from it. */
  precache: readonly (PrecacheEntry | string)[];
  /** Called with every page the network gives (the worker keeps its settings). */
  onPage(html: string): Promise<void>;
  /** The page to show with no connection and nothing stored: the precached shell. */
  offlineShell(): Promise<Response | undefined>;
}

/**
 * The public pages' HTML from this phone first, fetched again behind (decision 020): on one bar of
 * signal a repeat visit paints without waiting a round trip for the page. Only these pages, because
 * their HTML is the same for every visitor: the server renders them from the public settings, the
 * active advisories and the language, never from a session (sessions live in the browser's storage
 * and are read by the code after it starts), so nothing of one signed-in person is kept for the
 * next. The staff pages stay network-first (src/sw.ts).
 *
 * - A page is stored only when every script and stylesheet it names is in this worker's precache,
 *   so a stored page always runs on code this worker holds offline: a page of a newer version (a
 *   deployment this worker has not installed yet) is shown but not stored. The cache's name carries
 *   the precache's version, and a new worker starts with none stored (pages in the old version's
 *   cache are deleted when it takes over).
 * - Refreshed behind every visit. When the refreshed page's settings or advisories differ from
 *   the ones just shown, the open page is told (app/pwa/fresh-page.ts), and it shows them at once.
 * - In the language it was fetched in: the app forgets the stored pages when the language is
 *   switched (lib/public-page-cache.ts).
 */
export function registerPublicPages(options: PublicPagesOptions): void {
  const cacheName = `${PUBLIC_PAGES_CACHE_PREFIX}-${versionOf(options.precache)}`;
  const precached = new Set(options.precache.map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.origin).pathname));

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(names.filter((name) => name.startsWith(PUBLIC_PAGES_CACHE_PREFIX) && name !== cacheName).map((name) => caches.delete(name)))),
    );
  });

  /** Stores the page when it runs on this worker's code; returns its text. */
  async function keep(key: string, response: Response): Promise<string | null> {
    if (!response.ok || !response.headers.get('content-type')?.startsWith('text/html')) return null;
    const html = await response.clone().text();
    await options.onPage(html).catch(() => undefined);
    const names = [...html.matchAll(PAGE_CODE)].map((match) => match[1]!);
    const cache = await caches.open(cacheName);
    if (names.length > 0 && names.every((name) => precached.has(name))) await cache.put(key, response);
    return html;
  }

  // Stored as the worker installs, so the very next visit already opens from the phone: the visit
  // that installs it was not under its control, and goes from the landing page to the report page
  // without loading a page. In the visitor's language: the fetch carries their cookie and languages.
  self.addEventListener('install', (event) => {
    event.waitUntil(
      Promise.all(
        STORED_AT_INSTALL.map((path) =>
          fetch(path, { credentials: 'same-origin' })
            .then((response) => keep(path.toLowerCase(), response))
            .catch(() => undefined),
        ),
      ),
    );
  });

  registerRoute(
    new NavigationRoute(
      async ({ event, request }) => {
        const fetchEvent = event as FetchEvent;
        const key = new URL(request.url).pathname.toLowerCase();
        const cache = await caches.open(cacheName);
        const stored = await cache.match(key);
        const fromNetwork = (async () => {
          const response = ((await fetchEvent.preloadResponse) as Response | undefined) ?? (await fetch(request));
          const html = await keep(key, response.clone());
          return { response, html };
        })();
        if (stored) {
          fetchEvent.waitUntil(
            Promise.all([stored.clone().text(), fromNetwork])
              .then(([shown, { html }]) => (html ? tellIfChanged(fetchEvent.resultingClientId, shown, html) : undefined))
              .catch(() => undefined),
          );
          return stored;
        }
        const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
        const answer = await Promise.race([fromNetwork.then(({ response }) => response).catch(() => undefined), timeout]);
        if (answer) return answer;
        // Still the network's when it comes, and kept for the next visit.
        fetchEvent.waitUntil(fromNetwork.catch(() => undefined));
        return (await options.offlineShell()) ?? Response.error();
      },
      { allowlist: [PUBLIC_PAGES, EMERGENCY_FORM] },
    ),
  );

  // A page that starts after the change was found asks for it (app/pwa/fresh-page.ts).
  self.addEventListener('message', (event) => {
    const source = event.source as Client | null;
    if ((event.data as { type?: unknown } | null)?.type !== 'bantay:fresh-public-page?' || !source) return;
    const pending = changes.get(source.id);
    changes.delete(source.id);
    if (pending) source.postMessage(pending);
  });
}

/** What changed behind the page each open page was served from the cache, until it has heard it. */
const changes = new Map<string, FreshPublicPage>();

/** Tells the page this worker served from its cache what changed on the server meanwhile. */
async function tellIfChanged(clientId: string, shown: string, fresh: string): Promise<void> {
  const settings = SETTINGS_BLOCK.exec(fresh)?.[1] ?? null;
  const advisories = ADVISORY_BLOCK.exec(fresh)?.[0] ?? '';
  if (settings === (SETTINGS_BLOCK.exec(shown)?.[1] ?? null) && advisories === (ADVISORY_BLOCK.exec(shown)?.[0] ?? '')) return;
  if (!clientId) return;
  const message: FreshPublicPage = { type: 'bantay:fresh-public-page', settings, advisories };
  // Kept until asked for too: a page's listener may not be there yet (it starts after the page's load).
  changes.set(clientId, message);
  (await self.clients.get(clientId))?.postMessage(message);
}

/** A short name for this worker's precache: its files' URLs and revisions. */
function versionOf(precache: readonly (PrecacheEntry | string)[]): string {
  const text = precache.map((entry) => (typeof entry === 'string' ? entry : `${entry.url}@${entry.revision ?? ''}`)).join('|');
  let hash = 5381;
  for (let index = 0; index < text.length; index += 1) hash = (Math.imul(hash, 33) ^ text.charCodeAt(index)) >>> 0;
  return hash.toString(36);
}
