import type { PushSubscriptionInput } from '@bantay/shared';
import { api, ApiError } from './api-client.ts';
import { readPushRecord, writePushRecord } from './push-record.ts';
import { storage } from './storage.ts';

/**
 * This browser's push alerts and the session that turned them on (decision 017). The server ends
 * a subscription with the session that registered it (a sign-out, a session ended from another
 * device, a password or PIN change or reset, deactivation, expiry); this module does the browser's
 * part: it unsubscribes when the session ends, here or elsewhere, and registers the browser again
 * when the same person signs in here again. Loaded only when one of those happens (lib/push-record.ts
 * decides, and holds the record).
 */

/**
 * Where the service worker finds the subscription the server knows, to renew it on
 * `pushsubscriptionchange` (src/sw.ts reads the same cache and URL): the worker holds no token, and
 * the browser may hand it no old subscription.
 */
const WORKER_CACHE = 'bantay-push';
const WORKER_COPY_URL = '/push-subscription.json';

/** A sign-out never waits longer than this for the push clean-up on a bad connection. */
const CLEAN_UP_TIMEOUT_MS = 3_000;
/** How long to wait for the app's service worker before leaving the alerts for the next visit. */
const SERVICE_WORKER_WAIT_MS = 10_000;

/** Keeps (or, with null, forgets) the worker's copy of this browser's registered subscription. */
export async function keepForWorker(subscription: PushSubscriptionInput | null): Promise<void> {
  try {
    const cache = await caches.open(WORKER_CACHE);
    if (subscription) await cache.put(WORKER_COPY_URL, new Response(JSON.stringify(subscription), { headers: { 'content-type': 'application/json' } }));
    else await cache.delete(WORKER_COPY_URL);
  } catch {
    // No Cache API (an old browser, a private window): the worker renews from the browser's own word only.
  }
}

async function unsubscribeBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}

/** The server's VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Whether a subscription was made with this key; one made with another (rotated) key is useless. */
export function madeWithKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options?.applicationServerKey;
  // A browser that does not say which key it used gets the benefit of the doubt.
  if (!own) return true;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/**
 * Signing out ends this browser's push alerts: a phone shared by several people must not keep
 * showing the last one's emergencies. The server forgets the subscription (it ends with the
 * session anyway; the DELETE, while the token still works, says so at once), and the browser
 * unsubscribes, which ends the endpoint at the push service too. Best effort and bounded in time:
 * the sign-out itself never fails or hangs on it.
 */
export async function endPushOnThisBrowser(token: string | null, subscriptionId = readPushRecord()?.id ?? null): Promise<void> {
  writePushRecord(null);
  const cleanUp = Promise.allSettled([
    token && subscriptionId ? api(`/api/push/subscriptions/${encodeURIComponent(subscriptionId)}`, { method: 'DELETE', token }) : null,
    unsubscribeBrowser(),
    keepForWorker(null),
  ]);
  await Promise.race([cleanUp, new Promise((resolve) => window.setTimeout(resolve, CLEAN_UP_TIMEOUT_MS))]);
}

let ending: { token: string; done: Promise<void> } | null = null;

/**
 * The server refused `refusedToken` (401): its session ended elsewhere (from another device, a
 * password change or reset, deactivation, expiry), and the server ended its subscriptions with it.
 * The browser unsubscribes too, so nothing it still holds can show an alert, and the record
 * remembers whose alerts they were: the same person's next sign-in here turns them on again
 * (registerPushAgain). A newer sign-in stored since (another tab) owns the browser: left alone.
 */
export function endPushAfterRefusal(refusedToken: string): Promise<void> {
  const current = storage.get('token');
  if (current && current !== refusedToken) return Promise.resolve();
  if (ending?.token === refusedToken) return ending.done;
  const record = readPushRecord();
  if (record) writePushRecord({ userId: record.userId, resume: true });
  const done = Promise.allSettled([unsubscribeBrowser(), keepForWorker(null)]).then(() => undefined);
  ending = { token: refusedToken, done };
  return done;
}

function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => window.setTimeout(() => resolve(null), SERVICE_WORKER_WAIT_MS))]);
}

/**
 * Registers this browser's alerts again for `userId`, signed in with `token`, when the record asks
 * for it (lib/push-record.ts `pushNeedsRegistering`): after a session ended elsewhere, and once for
 * a subscription registered before subscriptions were tied to sessions (the server deleted those
 * it could not tie for certain). Permission was given before, so nobody is asked; the browser's
 * subscription is reused when it has one made with the server's key, else a new one is made.
 */
export async function registerPushAgain(userId: string, token: string): Promise<void> {
  const registration = await activeRegistration();
  if (!registration || storage.get('token') !== token) return;
  let fresh: PushSubscription | null = null;
  try {
    const { publicKey } = await api<{ publicKey: string }>('/api/push/key', { token: null });
    const key = keyBytes(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !madeWithKey(subscription, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    if (!subscription) {
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      fresh = subscription;
    }
    const json = subscription.toJSON() as PushSubscriptionInput;
    const { id } = await api<{ id: string }>('/api/push/subscriptions', { method: 'POST', body: json, token });
    if (storage.get('token') !== token) return;
    writePushRecord({ userId, id, bound: true });
    await keepForWorker(json);
  } catch (error) {
    // Refused for good (the endpoint, or the person's alerts are someone else's now): stop asking.
    // Anything else (offline, the server busy) is tried again at the next start.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429) {
      writePushRecord(null);
      await fresh?.unsubscribe().catch(() => undefined);
    }
  }
}
