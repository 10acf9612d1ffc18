/// <reference lib="webworker" />
import { getCacheKeyForURL } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';

/**
 * The code of pages outside the precache (the staff app, the report map), kept here once a page
 * has loaded it, so a staff page reloaded with no connection opens (decision 020) even when the
 * browser's own cache let it go: phones keep a small HTTP cache and empty it first. Files are
 * named by their content's hash, so a kept file never goes stale; only the newest few dozen are
 * kept, which lets the files of older versions go. Precached files are left to the precache.
 */
const CODE_CACHE = 'bantay-code';
/** A staff session loads about 40 chunks; this keeps two versions' worth. */
const KEPT_FILES = 120;

const keepNewest: WorkboxPlugin = {
  cacheDidUpdate: async () => {
    const cache = await caches.open(CODE_CACHE);
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - KEPT_FILES)).map((key) => cache.delete(key)));
  },
};

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname) && !getCacheKeyForURL(url.href),
  new CacheFirst({ cacheName: CODE_CACHE, plugins: [keepNewest] }),
);
