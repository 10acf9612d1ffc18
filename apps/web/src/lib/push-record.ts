/**
 * This browser's push record in local storage (decision 017): whose alerts it holds and the
 * server's id of its subscription, `{ userId, id, bound }`, written when alerts are turned on here
 * (features/push). After the server refused the session that registered them it is
 * `{ userId, resume }`: the same person's next sign-in here turns them on again. A record without
 * `bound` was written before subscriptions were tied to sessions, and is registered once more.
 * Tiny and free of the push code itself, which loads only when needed (lib/push-session.ts): it is
 * read on every start, and the public pages are at their download budget.
 */
const PUSH_RECORD_KEY = 'pushSubscription';

export interface PushRecord {
  userId: string;
  id?: string;
  /** The session that registered it ended elsewhere: register again at the same person's next sign-in. */
  resume?: boolean;
  /** Registered since subscriptions belong to a session. */
  bound?: boolean;
}

export function readPushRecord(): PushRecord | null {
  try {
    const raw = window.localStorage.getItem(PUSH_RECORD_KEY);
    const record = raw ? (JSON.parse(raw) as Partial<PushRecord> | null) : null;
    return typeof record?.userId === 'string' ? (record as PushRecord) : null;
  } catch {
    return null;
  }
}

export function writePushRecord(record: PushRecord | null): void {
  try {
    if (record) window.localStorage.setItem(PUSH_RECORD_KEY, JSON.stringify(record));
    else window.localStorage.removeItem(PUSH_RECORD_KEY);
  } catch {
    // Storage blocked: nothing is kept, and alerts are turned on again by hand.
  }
}

let resumedFor: string | null = null;

/**
 * After the server accepted `token` for `userId` (a start, a sign-in): registers this browser's
 * alerts again when the record says they were this person's and no live session holds them, and
 * the browser still allows notifications (nobody is asked). The code that does it loads only then.
 */
export function resumePushAlerts(userId: string | null, token: string): void {
  const record = readPushRecord();
  if (!userId || record?.userId !== userId || !(record.resume || (record.id && !record.bound))) return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !('serviceWorker' in navigator)) return;
  // Once per token and page load: the staff session is checked again on every path change.
  if (resumedFor === token) return;
  resumedFor = token;
  void import('./push-session.ts').then(({ registerPushAgain }) => registerPushAgain(userId, token)).catch(() => undefined);
}
