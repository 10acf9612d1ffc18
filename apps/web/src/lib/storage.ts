import type { UserType } from '@bantay/shared';

/** The browser-storage keys of the brief (docs/product.md §A3). One place, so no key is misspelt. */
export const STORAGE_KEYS = {
  token: 'token',
  userType: 'userType',
  userId: 'userId',
  isTracking: 'isTracking',
  isCurrentlyLoggingIn: 'isCurrentlyLoggingIn',
  theme: 'theme',
  redirectAfterLogin: 'redirectAfterLogin',
  lastLoginDestination: 'lastLoginDestination',
  deviceId: 'deviceId',
  /** How many reports wait on this phone for a signal (features/report/report-outbox.ts), so any page knows without opening IndexedDB. */
  waitingReports: 'waitingReports',
} as const;

type Key = keyof typeof STORAGE_KEYS;

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  get(key: Key): string | null {
    return safeStorage()?.getItem(STORAGE_KEYS[key]) ?? null;
  },
  set(key: Key, value: string): void {
    safeStorage()?.setItem(STORAGE_KEYS[key], value);
  },
  remove(...keys: Key[]): void {
    for (const key of keys) safeStorage()?.removeItem(STORAGE_KEYS[key]);
  },
  clearAll(): void {
    safeStorage()?.clear();
  },
};

const USER_TYPES: readonly string[] = ['resident', 'tanod', 'admin', 'supadmin'];

export function storedUserType(): UserType | null {
  const value = storage.get('userType');
  return value && USER_TYPES.includes(value) ? (value as UserType) : null;
}

/**
 * The signed-in resident's token, or null. The public pages send it so a report is linked to the
 * resident's account and a rating counts against the resident; a staff token is never sent from them.
 */
export function residentToken(): string | null {
  const token = storage.get('token');
  return token && storedUserType() === 'resident' ? token : null;
}

/**
 * docs/product.md §A3: if userId is missing it is taken from the `id` field of the token payload. The brief's
 * log out keeps userId, so a stored id can belong to an earlier user: while a token is stored, the
 * token's own id wins over a stored id that disagrees with it.
 */
export function storedUserId(): string | null {
  const stored = storage.get('userId');
  const token = storage.get('token');
  const fromToken = token ? userIdFromToken(token) : null;
  return fromToken ?? stored;
}

export function userIdFromToken(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const id = (JSON.parse(json) as { id?: unknown }).id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** docs/product.md §A9: the logging-in flag clears after 1000 ms. */
export const LOGGING_IN_FLAG_MS = 1000;

/**
 * Identifies this page load. The logging-in flag belongs to the page that set it: a reload, a
 * closed tab or a second tab must never read another page's flag, even inside its 1000 ms.
 */
const PAGE_ID = Math.random().toString(36).slice(2) + Date.now().toString(36);

interface LoggingInFlag {
  page: string;
  at: number;
}

function parseLoggingInFlag(value: string | null): LoggingInFlag | null {
  if (!value) return null;
  try {
    const flag = JSON.parse(value) as Partial<LoggingInFlag>;
    return typeof flag.page === 'string' && typeof flag.at === 'number' ? { page: flag.page, at: flag.at } : null;
  } catch {
    return null;
  }
}

/**
 * The brief's temporary isCurrentlyLoggingIn flag (docs/product.md §A3, §A4). It is stored with the page that set it
 * and the time, so it reads as set only on that page and only for 1000 ms: a timer killed by a
 * reload can no longer leave it set for good.
 */
export const loggingInFlag = {
  set(now = Date.now()): void {
    storage.set('isCurrentlyLoggingIn', JSON.stringify({ page: PAGE_ID, at: now } satisfies LoggingInFlag));
  },
  isSet(now = Date.now()): boolean {
    const raw = storage.get('isCurrentlyLoggingIn');
    if (raw === null) return false;
    const flag = parseLoggingInFlag(raw);
    // An expired flag, or one in an older format ('true'), is left-over state: tidy it away.
    if (flag === null || now - flag.at >= LOGGING_IN_FLAG_MS) {
      storage.remove('isCurrentlyLoggingIn');
      return false;
    }
    // Another page's flag (an earlier load of this tab, or another tab) is not this page's login.
    return flag.page === PAGE_ID && now >= flag.at;
  },
  clear(): void {
    if (parseLoggingInFlag(storage.get('isCurrentlyLoggingIn'))?.page === PAGE_ID) storage.remove('isCurrentlyLoggingIn');
  },
};
