/* eslint-disable lingui/no-unlocalized-strings -- a test double (fake keys, addresses and server answers), never shown to anyone */
import { vi } from 'vitest';
import type { AlertPreferences, PushSubscriptionSummary } from '@bantay/shared';

/**
 * The browser's edge for the push tests: `navigator.serviceWorker`, `PushManager`, `Notification`
 * and `fetch` (a small in-memory server for /api/push/*). Everything between them, the feature's
 * own code and the API client, runs for real.
 */

export const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

export interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
}

export interface FakeBrowserOptions {
  permission?: NotificationPermission;
  /** What the person answers when asked. */
  answer?: NotificationPermission;
  hasSubscription?: boolean;
  secure?: boolean;
  hasPush?: boolean;
  serverSubscriptions?: PushSubscriptionSummary[];
  preferences?: AlertPreferences;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

function keyBuffer(base64url: string): ArrayBuffer {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

function fakeSubscription(endpoint = 'https://push.example.net/send/abc123'): FakeSubscription {
  const subscription: FakeSubscription = {
    endpoint,
    options: { applicationServerKey: keyBuffer(PUBLIC_KEY) },
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: 'BLc4xRzKlKORKWlbdgFaBrrPK3ydWAHo4M0gs0i1oEKgPpWC5cW8OCzVrOQRv-1npXRWk8udnW3oYhIO4475rds',
        auth: '5I2Bu2oKdyy9CwL8QVF0NQ',
      },
    }),
    unsubscribe: vi.fn(async () => {
      browser.subscription = null;
      return true;
    }),
  };
  return subscription;
}

/** The state of the fake browser and server, for the tests to read and change. */
export const browser = {
  permission: 'default' as NotificationPermission,
  answer: 'granted' as NotificationPermission,
  subscription: null as FakeSubscription | null,
  requests: [] as FakeRequest[],
  serverSubscriptions: [] as PushSubscriptionSummary[],
  preferences: { mutedKinds: [], quietHours: null } as AlertPreferences,
  /** The next POST /api/push/subscriptions answers this status (once). */
  failNextSave: null as number | null,
  requestPermission: vi.fn<() => Promise<NotificationPermission>>(),
  subscribe: vi.fn<(options: PushSubscriptionOptionsInit) => Promise<FakeSubscription>>(),
};

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input), 'http://localhost:3000');
  const method = init.method ?? 'GET';
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  browser.requests.push({ method, path: url.pathname, body });
  if (url.pathname === '/api/settings/public') return json(200, { timezone: 'Asia/Manila' });
  if (url.pathname === '/api/push/key') return json(200, { publicKey: PUBLIC_KEY });
  if (url.pathname === '/api/push/subscriptions' && method === 'GET') return json(200, browser.serverSubscriptions);
  if (url.pathname === '/api/push/subscriptions' && method === 'POST') {
    if (browser.failNextSave) {
      const status = browser.failNextSave;
      browser.failNextSave = null;
      return json(status, { error: { code: 'INTERNAL', message: 'Internal Server Error' } });
    }
    const id = `sub-${browser.serverSubscriptions.length + 1}`;
    browser.serverSubscriptions.push({ _id: id, service: 'https://push.example.net', userAgent: navigator.userAgent, createdAt: '2026-05-01T02:00:00Z' });
    return json(201, { id });
  }
  const one = /^\/api\/push\/subscriptions\/(.+)$/.exec(url.pathname);
  if (one && method === 'DELETE') {
    const before = browser.serverSubscriptions.length;
    browser.serverSubscriptions = browser.serverSubscriptions.filter((subscription) => subscription._id !== one[1]);
    return before === browser.serverSubscriptions.length ? json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }) : json(204);
  }
  // A call the server refuses because the session behind the token has ended.
  if (url.pathname === '/api/auth/me') return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Session expired. Please log in again.' } });
  if (url.pathname === '/api/push/preferences' && method === 'GET') return json(200, browser.preferences);
  if (url.pathname === '/api/push/preferences' && method === 'PUT') {
    browser.preferences = body as AlertPreferences;
    return json(200, browser.preferences);
  }
  throw new Error(`unexpected ${method} ${url.pathname}`);
}

/** Installs the fake browser; undo with `uninstallFakeBrowser`. */
export function installFakeBrowser(options: FakeBrowserOptions = {}): void {
  browser.permission = options.permission ?? 'default';
  browser.answer = options.answer ?? 'granted';
  browser.subscription = options.hasSubscription ? fakeSubscription() : null;
  browser.requests = [];
  browser.serverSubscriptions = options.serverSubscriptions ?? [];
  browser.preferences = options.preferences ?? { mutedKinds: [], quietHours: null };
  browser.failNextSave = null;
  browser.requestPermission.mockReset();
  browser.subscribe.mockReset();
  browser.requestPermission.mockImplementation(async () => {
    browser.permission = browser.answer;
    return browser.answer;
  });
  browser.subscribe.mockImplementation(async () => {
    browser.subscription = fakeSubscription();
    return browser.subscription;
  });

  const registration = {
    pushManager: {
      getSubscription: async () => browser.subscription,
      subscribe: (subscribeOptions: PushSubscriptionOptionsInit) => browser.subscribe(subscribeOptions),
    },
  };
  vi.stubGlobal('isSecureContext', options.secure ?? true);
  if (options.hasPush ?? true) {
    vi.stubGlobal('PushManager', class PushManager {});
    vi.stubGlobal('Notification', {
      get permission() {
        return browser.permission;
      },
      requestPermission: () => browser.requestPermission(),
    });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    });
  }
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
}

export function uninstallFakeBrowser(): void {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
}

/** The requests the page made to one path and method. */
export const requestsTo = (method: string, path: string) => browser.requests.filter((request) => request.method === method && request.path === path);
