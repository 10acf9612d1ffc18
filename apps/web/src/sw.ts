/// <reference lib="webworker" />
// The service worker (decision 020), built by vite-plugin-pwa's injectManifest from this file with
// Workbox: the precache list is written into `self.__WB_MANIFEST` at build time (pwa.config.ts
// chooses what goes in). It holds the public pages' code so they open with no connection, the
// push alerts, and the clicks on them. It stores no API answer but the public settings, so
// nothing of one signed-in user can be served to the next.
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { registerPublicPages } from './sw/public-pages.ts';
import { registerEmergencyChallenge } from './sw/emergency-challenge.ts';
// Reports waiting on the phone, sent when the signal returns (Background Sync).
import './sw/report-sync.ts';
// The staff pages' code, kept once loaded, for a reload with no connection.
import './sw/staff-code.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The push payload the server sends (apps/server/src/modules/push). */
interface PushPayload {
  title?: unknown;
  body?: unknown;
  /** An app path ("/Patrol&incidenttracking?incident=…"). */
  url?: unknown;
  tag?: unknown;
  urgent?: unknown;
}

/** Where a notification without a path of its own opens: the app picks the role's home from there. */
const HOME = '/?source=pwa';
const ICON = '/app-icons/icon-192.png';
const BADGE = '/app-icons/badge-72.png';
/** Long, repeated buzzes: an emergency must wake a tanod whose phone is in a pocket. */
const URGENT_VIBRATION = [400, 150, 400, 150, 800];
/** How long an open window has to say it moved to the notification's page before a new one opens. */
const NAVIGATE_ACK_MS = 1500;

// ---- The app's code and shell ----

/** The precache list, written in once at build time (a second mention would not be). */
const PRECACHE = self.__WB_MANIFEST;
// `directoryIndex: null`: "/" is not the precached index.html but the pre-rendered landing page
// (decision 013, kept by src/sw/public-pages.ts), with the shell only as the offline fallback.
precacheAndRoute(PRECACHE, { directoryIndex: null as unknown as string });
cleanupOutdatedCaches();
// The page's request starts while this worker boots, instead of after.
enableNavigationPreload();

// The public settings (name, hotlines, incident types, boundary): the same for everyone, and what
// the offline shell renders the public pages with (lib/public-settings.ts fetches them when the
// page carries none). Kept from the network's last answer, and from every page the server sends.
const SETTINGS_URL = '/api/settings/public';
const SETTINGS_CACHE = 'bantay-public-settings';
/** The data block web-app.ts puts in every page (apps/server/src/http/web-app.ts). */
const SETTINGS_BLOCK = /<script type="application\/json" id="bantay-public-settings">([^<]*)<\/script>/;

async function keepSettings(json: string): Promise<void> {
  const cache = await caches.open(SETTINGS_CACHE);
  await cache.put(SETTINGS_URL, new Response(json, { headers: { 'content-type': 'application/json; charset=utf-8' } }));
}

// Installed on a first visit, whose pages carried the settings in their markup: fetch them once.
self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(SETTINGS_URL)
      .then(async (response) => (response.ok ? keepSettings(await response.text()) : undefined))
      .catch(() => undefined),
  );
});

/**
 * Every other page (the staff app's and the other public ones) comes from the network while there
 * is one, so it always carries the current settings (the server embeds them, and they are kept
 * from there) and matches the code on the server. Offline, or with no answer after a few seconds
 * on one bar of signal, every page is this version's precached shell, which renders any public
 * page from the precached code. These pages are not stored: a stored page of a newer version
 * would name code this worker has not precached (src/sw/public-pages.ts stores the landing and
 * report pages only after checking exactly that).
 */
const shellWhenOffline: WorkboxPlugin = {
  // Called with every page the network gave (navigation preload's too): its settings are kept, the
  // page itself is not.
  cacheWillUpdate: async ({ response }) => {
    if (response.ok && response.headers.get('content-type')?.startsWith('text/html')) {
      const json = SETTINGS_BLOCK.exec(await response.text())?.[1];
      if (json) await keepSettings(json).catch(() => undefined);
    }
    return null;
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse ?? (await matchPrecache('/index.html')) ?? null,
};
// The landing and report pages from this phone first, refreshed behind (src/sw/public-pages.ts):
// registered first, so they take those navigations before the route below.
registerPublicPages({
  precache: PRECACHE,
  onPage: async (html) => {
    const json = SETTINGS_BLOCK.exec(html)?.[1];
    if (json) await keepSettings(json);
  },
  offlineShell: () => matchPrecache('/index.html'),
});
// A bot-check challenge kept ready for the emergency form opened from the copy above.
registerEmergencyChallenge();
registerRoute(
  new NavigationRoute(new NetworkFirst({ cacheName: 'bantay-pages', networkTimeoutSeconds: 4, plugins: [shellWhenOffline] }), {
    // The API's own pages (docs, health) and the socket are never the app.
    denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === SETTINGS_URL,
  new NetworkFirst({ cacheName: SETTINGS_CACHE, networkTimeoutSeconds: 4 }),
);

// Code outside the precache (the staff pages' chunks) is kept once loaded: src/sw/staff-code.ts.

// A new version waits until the person presses Update (apps/web/src/app/pwa/UpdatePrompt.tsx), so
// it never reloads a page in the middle of a form. The first version takes over the open pages at
// once: there is nothing older for them to mix with.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// ---- Push alerts ----

/** An app path of this origin, or the home. A payload never sends anyone to another site. */
function appUrl(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return HOME;
  const url = new URL(path, self.location.origin);
  return url.origin === self.location.origin ? url.pathname + url.search + url.hash : HOME;
}

function readPayload(event: PushEvent): PushPayload {
  try {
    return (event.data?.json() ?? {}) as PushPayload;
  } catch {
    return { body: event.data?.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const urgent = payload.urgent === true;
  const tag = typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined;
  const options: NotificationOptions & { vibrate?: number[]; renotify?: boolean; timestamp?: number } = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: ICON,
    badge: BADGE,
    tag,
    // An emergency stays on screen until it is answered, and buzzes again when its alert is repeated
    // (an escalation reuses the incident's tag).
    requireInteraction: urgent,
    renotify: urgent && tag !== undefined,
    vibrate: urgent ? URGENT_VIBRATION : undefined,
    timestamp: Date.now(),
    data: { url: appUrl(payload.url) },
  };
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Bantay';
  event.waitUntil(self.registration.showNotification(title, options));
});

// ---- A subscription the browser replaced ----

/**
 * The browser replaced (or dropped) the push subscription: its push service rotated it, or it
 * expired. The worker subscribes again with the same server key and tells the server, which moves
 * the old row to the new endpoint and keys and keeps its session, so the alerts still end with the
 * sign-in that turned them on (decision 017). A worker holds no token: the old subscription's
 * endpoint and keys are the proof (POST /api/push/subscriptions/renew). They come from the event,
 * else from the copy the page keeps of the subscription the server knows (lib/push-session.ts,
 * the same cache and URL). A subscription the server no longer knows (its session ended) is not
 * renewed: the new one is dropped.
 */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}
interface SubscriptionJson {
  endpoint?: string;
  keys?: Record<string, string>;
}
const PUSH_COPY_CACHE = 'bantay-push';
const PUSH_COPY_URL = '/push-subscription.json';
const API_BASE: string = import.meta.env.VITE_API_URL ?? '';

function keyFromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function keptSubscription(): Promise<SubscriptionJson | null> {
  const kept = await (await caches.open(PUSH_COPY_CACHE)).match(PUSH_COPY_URL);
  return kept ? ((await kept.json()) as SubscriptionJson) : null;
}

async function renewSubscription(event: PushSubscriptionChangeEvent): Promise<void> {
  const old = (event.oldSubscription?.toJSON() as SubscriptionJson | undefined) ?? (await keptSubscription());
  if (!old?.endpoint || !old.keys?.p256dh || !old.keys.auth) return;
  const key =
    event.oldSubscription?.options.applicationServerKey ??
    keyFromBase64url(((await (await fetch(`${API_BASE}/api/push/key`)).json()) as { publicKey: string }).publicKey);
  const fresh = event.newSubscription ?? (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const subscription = fresh.toJSON();
  const response = await fetch(`${API_BASE}/api/push/subscriptions/renew`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ old: { endpoint: old.endpoint, keys: { p256dh: old.keys.p256dh, auth: old.keys.auth } }, subscription }),
  });
  const cache = await caches.open(PUSH_COPY_CACHE);
  if (response.ok) {
    await cache.put(PUSH_COPY_URL, new Response(JSON.stringify(subscription), { headers: { 'content-type': 'application/json' } }));
  } else if (response.status === 404) {
    await cache.delete(PUSH_COPY_URL);
    await fresh.unsubscribe();
  }
}

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  change.waitUntil(renewSubscription(change).catch(() => undefined));
});

/** Asks an open page to move to `url` itself (apps/web/src/app/pwa/sw-messages.ts): no reload, no lost state. */
function askToNavigate(client: WindowClient, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), NAVIGATE_ACK_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.postMessage({ type: 'bantay:navigate', url }, [channel.port2]);
  });
}

async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.focused) ?? windows.find((client) => client.visibilityState === 'visible') ?? windows[0];
  if (open) {
    const focused = await open.focus().catch(() => open);
    if (await askToNavigate(focused, url)) return;
    // A page that did not answer (still loading, or an old version): load the path in it.
    const moved = await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(appUrl((event.notification.data as { url?: unknown } | null)?.url)));
});
