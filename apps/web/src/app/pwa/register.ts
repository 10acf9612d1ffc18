import { navigate } from 'wouter/use-browser-location';
import { appEntryPath } from '@/lib/pwa-start.ts';
import { storage } from '@/lib/storage.ts';
import { followFreshPublicPages } from './fresh-page.ts';

/**
 * Started by src/main.tsx once the page has loaded and a service worker (src/sw.ts) controls it
 * (decision 020): takes the installed app's staff from its start URL to their home, offers a new
 * version with a button, moves the page where a push alert's click asks, and sends reports that
 * wait on this phone (the report page sends them in any case). Kept small and free of React and
 * IndexedDB: the rest comes only when there is something to show.
 */

/** An installed app can stay open for days: it looks for a new version when shown again, at most this often. */
const UPDATE_CHECK_GAP_MS = 60 * 60_000;

/** `registered`: main.tsx's registration of the worker. */
export function startPwa(registered: Promise<ServiceWorkerRegistration>): void {
  // The installed app opens at /?source=pwa (the server's manifest): staff go on to their home.
  const entry = appEntryPath(location.pathname + location.search);
  // wouter's navigate, as a link would: the routes follow the history's pushState and replaceState.
  if (entry) navigate(entry, { replace: true });
  if (Number(storage.get('waitingReports') ?? 0) > 0) void import('./notices.tsx').then((notices) => notices.watchWaitingReports());
  navigator.serviceWorker.addEventListener('message', followNotificationClick);
  followFreshPublicPages();
  registered.then(watchForUpdates, () => undefined);
}

/** A click on a push alert (src/sw.ts): go to its page here, and tell the worker it was done. */
function followNotificationClick(event: MessageEvent) {
  const data = event.data as { type?: unknown; url?: unknown } | null;
  // Only a path of this app (src/sw.ts sends no other); "//host" would be another site.
  if (data?.type !== 'bantay:navigate' || typeof data.url !== 'string' || !/^\/(?!\/)/.test(data.url)) return;
  navigate(appEntryPath(data.url) ?? data.url);
  event.ports[0]?.postMessage('done');
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  // Only a page that a worker already controls has an older version to replace; the first install
  // simply takes over (src/sw.ts, clientsClaim).
  const offer = (worker: ServiceWorker) => {
    if (navigator.serviceWorker.controller) void import('./notices.tsx').then((notices) => notices.offerUpdate(worker));
  };
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration.waiting === worker) offer(worker);
    });
  if (registration.waiting) offer(registration.waiting);
  // The browser looks for a new version as the page loads: it may be installing already.
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
  // Browsers look for a new worker at every page load; never on a timer here (an idle
  // browser makes no periodic requests).
  let checkedAt = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checkedAt < UPDATE_CHECK_GAP_MS) return;
    checkedAt = Date.now();
    registration.update().catch(() => undefined);
  });
}
