import { useCallback, useEffect, useState } from 'react';
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionInput } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { readPushRecord, writePushRecord } from '@/lib/push-record.ts';
import { keepForWorker, keyBytes, madeWithKey } from '@/lib/push-session.ts';
import {
  activeRegistration,
  currentSubscription,
  notificationPermission,
  pushUnsupportedReason,
  requestNotificationPermission,
  ServiceWorkerMissingError,
  subscribe,
  type PushPermission,
  type PushUnsupportedReason,
} from './push-browser.ts';
import { fetchPushKey, PUSH_SUBSCRIPTIONS_KEY, removeSubscription, saveSubscription, usePushSubscriptions } from './push-api.ts';

/** What the alerts section shows for this browser. */
export type PushState =
  | { status: 'checking' }
  | { status: 'unsupported'; reason: PushUnsupportedReason }
  | { status: 'blocked' }
  | { status: 'off' }
  | { status: 'on'; subscriptionId: string };

/** What was read from the browser: the permission, and whether this origin has a subscription. */
export interface BrowserPushSnapshot {
  permission: PushPermission;
  hasSubscription: boolean;
}

interface PushStateInput {
  unsupported: PushUnsupportedReason | null;
  /** Null until the browser has been read. */
  browser: BrowserPushSnapshot | null;
  /** The server id this browser's subscription got for the signed-in user, kept in local storage. */
  storedId: string | null;
  /** The ids of my subscriptions on the server; `loading` before the list arrives, `unknown` if it failed. */
  serverIds: readonly string[] | 'loading' | 'unknown';
}

/**
 * The state machine's one rule: alerts are on only when the browser allows them, holds a
 * subscription, and the server holds it for this user. A push subscription belongs to the browser,
 * not to whoever is signed in, so the browser's word alone is not enough on a shared phone; and a
 * subscription removed from another device (or dropped by the server after the push service
 * said it is gone) reads as off here.
 */
export function derivePushState({ unsupported, browser, storedId, serverIds }: PushStateInput): PushState {
  if (unsupported) return { status: 'unsupported', reason: unsupported };
  if (!browser) return { status: 'checking' };
  if (browser.permission === 'denied') return { status: 'blocked' };
  if (browser.permission !== 'granted' || !browser.hasSubscription || !storedId) return { status: 'off' };
  if (serverIds === 'loading') return { status: 'checking' };
  // Without the list (the server did not answer) the browser's and this device's record stand.
  if (serverIds === 'unknown' || serverIds.includes(storedId)) return { status: 'on', subscriptionId: storedId };
  return { status: 'off' };
}

function readStoredId(userId: string | null): string | null {
  const record = readPushRecord();
  return userId && record?.userId === userId && typeof record.id === 'string' ? record.id : null;
}

async function readBrowserSnapshot(): Promise<BrowserPushSnapshot> {
  let hasSubscription = false;
  try {
    hasSubscription = (await currentSubscription()) !== null;
  } catch (error) {
    console.error('Could not read the push subscription', error);
  }
  return { permission: notificationPermission(), hasSubscription };
}

/** What went wrong, in words for the person (in the language on screen); null when it was not their concern (already gone). */
function problemText(error: unknown, action: 'on' | 'off'): string {
  if (error instanceof ServiceWorkerMissingError)
    return t`Bantay’s background helper is not running in this browser yet. Reload the page and try again.`;
  if (error instanceof ApiError) {
    if (error.isNetwork) return t`Cannot reach the server. Check your connection and try again.`;
    if (error.status >= 400 && error.status < 500) return error.message;
  }
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return t`The browser refused to turn on alerts. Check that notifications are allowed for this site.`;
  return action === 'on' ? t`Alerts could not be turned on. Please try again.` : t`Alerts could not be turned off. Please try again.`;
}

/**
 * Push alerts for this browser and the signed-in user: the state, and the actions that move it.
 * Turning on asks for permission (only ever from the click), subscribes with the server's key and
 * registers the subscription; turning off removes it on the server, then in the browser.
 */
export function usePushAlerts(userId: string | null) {
  const queryClient = useQueryClient();
  const [unsupported] = useState(pushUnsupportedReason);
  const subscriptions = usePushSubscriptions();
  const [browser, setBrowser] = useState<BrowserPushSnapshot | null>(null);
  const [storedId, setStoredId] = useState(() => readStoredId(userId));
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The person closed the browser's question without answering. */
  const [dismissed, setDismissed] = useState(false);

  const readBrowser = useCallback(async () => {
    if (!unsupported) setBrowser(await readBrowserSnapshot());
  }, [unsupported]);

  useEffect(() => {
    if (unsupported) return;
    let live = true;
    const read = () => {
      void readBrowserSnapshot().then((snapshot) => {
        if (live) setBrowser(snapshot);
      });
    };
    read();
    // Someone who unblocks notifications in the browser's settings and comes back sees it at once.
    const onVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [unsupported]);

  const serverIds = subscriptions.data
    ? subscriptions.data.map((subscription) => subscription._id)
    : subscriptions.isError
      ? 'unknown'
      : 'loading';
  const state = derivePushState({ unsupported, browser, storedId, serverIds });

  /** Records the subscription the server registered for this session (or none), for this device and its service worker. */
  async function remember(subscription: { id: string; json: PushSubscriptionInput } | null) {
    writePushRecord(subscription && userId ? { userId, id: subscription.id, bound: true } : null);
    setStoredId(subscription?.id ?? null);
    await keepForWorker(subscription?.json ?? null);
  }

  async function turnOn() {
    if (busy || unsupported) return;
    setBusy('on');
    setProblem(null);
    setDismissed(false);
    let fresh: PushSubscription | null = null;
    try {
      // First and without any await before it: the browser allows the question only from the click.
      const permission = await requestNotificationPermission();
      if (permission !== 'granted') {
        if (permission === 'default') setDismissed(true);
        return;
      }
      const [{ publicKey }, registration] = await Promise.all([fetchPushKey(), activeRegistration()]);
      const key = keyBytes(publicKey);
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !madeWithKey(subscription, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      if (!subscription) {
        subscription = await subscribe(registration, key);
        fresh = subscription;
      }
      const json = subscription.toJSON() as PushSubscriptionInput;
      const { id } = await saveSubscription(json);
      fresh = null;
      await remember({ id, json });
    } catch (error) {
      console.error('Could not turn on push alerts', error);
      setProblem(problemText(error, 'on'));
      // A subscription the server never took would only confuse the next try.
      await fresh?.unsubscribe().catch(() => undefined);
    } finally {
      await readBrowser();
      await queryClient.invalidateQueries({ queryKey: PUSH_SUBSCRIPTIONS_KEY });
      setBusy(null);
    }
  }

  async function turnOff() {
    if (busy || state.status !== 'on') return;
    setBusy('off');
    setProblem(null);
    try {
      // The server first: if it cannot be told, alerts would keep coming, so nothing changes here.
      await removeSubscription(state.subscriptionId).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
      await remember(null);
      const subscription = await currentSubscription();
      await subscription?.unsubscribe();
    } catch (error) {
      console.error('Could not turn off push alerts', error);
      setProblem(problemText(error, 'off'));
    } finally {
      await readBrowser();
      await queryClient.invalidateQueries({ queryKey: PUSH_SUBSCRIPTIONS_KEY });
      setBusy(null);
    }
  }

  return {
    state,
    busy,
    problem,
    dismissed,
    /** My subscriptions on the server other than this browser's. */
    others: subscriptions.data?.filter((subscription) => state.status !== 'on' || subscription._id !== state.subscriptionId) ?? [],
    subscriptions,
    turnOn,
    turnOff,
    recheck: readBrowser,
  };
}
