/**
 * The service worker keeps the public pages' HTML (src/sw/public-pages.ts) in caches whose names
 * start with this; the page and the worker share the name.
 */
export const PUBLIC_PAGES_CACHE_PREFIX = 'bantay-public-pages';

/** What the worker tells an open page when the page it served from its cache has changed on the server. */
export interface FreshPublicPage {
  type: 'bantay:fresh-public-page';
  /** The page's settings data block (apps/server/src/http/web-app.ts), as JSON text. */
  settings: string | null;
  /** The landing page's advisory block (apps/server/src/modules/advisories/landing-banner.ts), or '' for none. */
  advisories: string;
}

/**
 * Forgets the stored public pages: they are in the language they were fetched in, so a language
 * switch must not be followed by a page in the old one. The next visit fetches them again.
 */
export async function forgetPublicPages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PUBLIC_PAGES_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
