import type { UserType } from '@bantay/shared';

/** The browser-storage keys of the brief (§3). One place, so no key is misspelt. */
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

/** Brief §3: if userId is missing it is taken from the `id` field of the token payload. */
export function storedUserId(): string | null {
  const stored = storage.get('userId');
  if (stored) return stored;
  const token = storage.get('token');
  return token ? userIdFromToken(token) : null;
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
