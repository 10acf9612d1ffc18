import { useSyncExternalStore } from 'react';
import type { LoginSuccess } from '@bantay/shared';
import { api } from './api-client.ts';
import { readPushRecord } from './push-record.ts';
import { storage, storedUserId } from './storage.ts';

/**
 * The signed-in resident, read from browser storage (docs/product.md §A3: token, userType, userId).
 *
 * Residents live on the public pages, where the staff session check never runs (docs/product.md §A4), so
 * the public frame cannot learn about a sign-in or a sign-out from the session context. This tiny
 * store is what it watches instead: every change made here is announced, and changes made by
 * another tab arrive through the browser's `storage` event.
 */
export interface ResidentSession {
  token: string;
  userId: string | null;
}

let snapshot: ResidentSession | null = null;
const listeners = new Set<() => void>();

/** Reads storage on every call; returns the same object while nothing changed (useSyncExternalStore needs that). */
export function readResidentSession(): ResidentSession | null {
  const token = storage.get('token');
  if (!token || storage.get('userType') !== 'resident') {
    snapshot = null;
    return null;
  }
  const userId = storedUserId();
  if (snapshot?.token !== token || snapshot.userId !== userId) snapshot = { token, userId };
  return snapshot;
}

function announce() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'token' || event.key === 'userType' || event.key === 'userId') listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in resident, or null for a visitor (or a staff member, who uses the staff layout). */
export function useResidentSession(): ResidentSession | null {
  return useSyncExternalStore(subscribe, readResidentSession, () => null);
}

/** Stores a resident's sign-in like the staff sign-in does (docs/product.md §A3: token, userType, userId). */
export function startResidentSession(result: Pick<LoginSuccess, 'token' | 'userType' | 'userId'>): void {
  storage.set('token', result.token);
  storage.set('userType', result.userType);
  storage.set('userId', result.userId);
  announce();
}

/**
 * The residents' Back button (docs/product.md §A2): clears local storage. The server is also told to end the
 * session, so the token stops working even if someone copied it; that call is best effort, since
 * the resident is signed out here either way.
 */
export function leaveAsResident(): void {
  const token = storage.get('token');
  // Read before the storage is cleared; the push clean-up's code loads only now (lib/push-session.ts).
  const pushRecord = readPushRecord();
  storage.clearAll();
  announce();
  void (async () => {
    if (pushRecord) {
      const { endPushOnThisBrowser } = await import('./push-session.ts');
      await endPushOnThisBrowser(token, pushRecord.id ?? null);
    }
    if (token) await api('/api/auth/logout', { method: 'POST', token });
  })().catch(() => undefined);
}

/** The server refused the token (docs/product.md §A4: failure clears token and userType). */
export function dropResidentSession(): void {
  storage.remove('token', 'userType', 'userId', 'isTracking');
  announce();
}
