/**
 * The browser's side of web push: what it supports, what the person allowed, and the push
 * subscription of this origin. Everything that touches `navigator.serviceWorker`, `PushManager`
 * or `Notification` is here, so the rest of the feature (and its tests) deals in plain values.
 */

/** Why this browser cannot take alerts, each with its own explanation on screen. */
export type PushUnsupportedReason = 'insecure' | 'ios-home-screen' | 'no-service-worker' | 'no-push';

/** The permission as the screen needs it; `unsupported` when the Notification API is missing. */
export type PushPermission = NotificationPermission | 'unsupported';

/** How long to wait for the app's service worker before telling the person it is not running. */
const SERVICE_WORKER_WAIT_MS = 10_000;

const isAppleMobile = (userAgent: string) => /iPhone|iPad|iPod/.test(userAgent);

/** Null when push alerts can work here, else why not. */
export function pushUnsupportedReason(): PushUnsupportedReason | null {
  // Service workers and push exist only on https (and localhost); a plain-http address hides them.
  if (!window.isSecureContext) return 'insecure';
  const hasPush = 'PushManager' in window && typeof Notification !== 'undefined';
  // Safari on iPhone and iPad offers push only to a site added to the Home Screen (iOS 16.4+).
  if (!hasPush && isAppleMobile(navigator.userAgent)) return 'ios-home-screen';
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker) return 'no-service-worker';
  if (!hasPush) return 'no-push';
  return null;
}

export function notificationPermission(): PushPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * Asks the person for permission: call it straight from a click, since browsers ignore (or
 * block for good) a request that no gesture caused. Older Safari takes a callback, not a promise.
 */
export function requestNotificationPermission(): Promise<NotificationPermission> {
  return new Promise((resolve, reject) => {
    try {
      const answer = Notification.requestPermission(resolve);
      if (answer && typeof answer.then === 'function') answer.then(resolve, reject);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

export class ServiceWorkerMissingError extends Error {
  constructor() {
    // For the logs only: the alerts section says it in the person's words (use-push-alerts.ts).
    super('The app’s service worker is not running' as const);
    this.name = 'ServiceWorkerMissingError';
  }
}

/** The active service worker registration; fails after `timeoutMs` when there is none. */
export function activeRegistration(timeoutMs = SERVICE_WORKER_WAIT_MS): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ServiceWorkerMissingError()), timeoutMs);
    navigator.serviceWorker.ready.then(
      (registration) => {
        window.clearTimeout(timer);
        resolve(registration);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * This origin's push subscription, without waiting: null when no service worker is registered
 * yet (then there can be no subscription either).
 */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A fresh subscription for this browser, made with the server's key. */
export function subscribe(registration: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Which browser this is, for the unblocking steps. */
export function browserFamily(userAgent = navigator.userAgent): 'safari-ios' | 'firefox' | 'samsung' | 'chromium' | 'safari' | 'other' {
  if (isAppleMobile(userAgent)) return 'safari-ios';
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/SamsungBrowser\//.test(userAgent)) return 'samsung';
  if (/Chrome\/|Chromium\/|EdgA?\//.test(userAgent)) return 'chromium';
  if (/Safari\//.test(userAgent)) return 'safari';
  return 'other';
}
