import { api } from './api-client.ts';

/**
 * Which of the signed-in person's push subscriptions is this browser's, `{ userId, id }`, in local
 * storage (features/push writes it). Not among lib/storage's keys: that module is on every public
 * page, which are at their download budget.
 */
export const PUSH_RECORD_KEY = 'pushSubscription';

/** The server's id of this browser's subscription, read before a sign-out clears local storage. */
function storedPushSubscriptionId(): string | null {
  try {
    const raw = window.localStorage.getItem(PUSH_RECORD_KEY);
    const record = raw ? (JSON.parse(raw) as { id?: unknown }) : null;
    return typeof record?.id === 'string' ? record.id : null;
  } catch {
    return null;
  }
}

/** A sign-out never waits longer than this for the push clean-up on a bad connection. */
const CLEAN_UP_TIMEOUT_MS = 3_000;

/**
 * Signing out ends this browser's push alerts: a phone shared by several people must not keep
 * showing the last one's emergencies (decision 017). The server forgets the subscription (DELETE,
 * while the token still works), and the browser unsubscribes, which ends the endpoint at the push
 * service too: if the DELETE did not get through, the next push answers 410 and the server drops
 * the row then. Best effort and bounded in time: the sign-out itself never fails or hangs on it.
 */
export async function endPushOnThisBrowser(token: string | null, subscriptionId = storedPushSubscriptionId()): Promise<void> {
  try {
    window.localStorage.removeItem(PUSH_RECORD_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
  const cleanUp = Promise.allSettled([
    token && subscriptionId ? api(`/api/push/subscriptions/${encodeURIComponent(subscriptionId)}`, { method: 'DELETE', token }) : null,
    (async () => {
      const registration = await navigator.serviceWorker?.getRegistration();
      const subscription = await registration?.pushManager?.getSubscription();
      await subscription?.unsubscribe();
    })(),
  ]);
  await Promise.race([cleanUp, new Promise((resolve) => window.setTimeout(resolve, CLEAN_UP_TIMEOUT_MS))]);
}
