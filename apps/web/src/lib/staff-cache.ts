import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@bantay/shared';

/**
 * What a signed-in page showed, kept on this phone so the page reloaded with no connection shows
 * it again (decision 020) instead of the sign-in page: the account the server last confirmed, and
 * the query cache's successful answers. One record per account (`bantay-staff-cache`, keyed by
 * the user's id), so the next person on a shared phone never reads the last one's (decision 006):
 * every sign-out and every session the server refused clears them all, and a sign-in drops the
 * other accounts' records.
 */
interface KeptPages {
  userId: string;
  user: CurrentUser;
  queries?: DehydratedState;
  savedAt: number;
}

interface StaffCacheSchema extends DBSchema {
  accounts: { key: string; value: KeptPages };
}

/** Kept data older than this is not shown: after a day it would mislead more than it helps. */
const KEPT_FOR_MS = 24 * 60 * 60_000;
/** The cache is written at most this often while queries change. */
const SAVE_GAP_MS = 2000;

let database: Promise<IDBPDatabase<StaffCacheSchema>> | null = null;
/** Counts the clearings: a save that began before one must not write the account back. */
let clearings = 0;
function db(): Promise<IDBPDatabase<StaffCacheSchema>> | null {
  if (typeof indexedDB === 'undefined') return null;
  database ??= openDB<StaffCacheSchema>('bantay-staff-cache', 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('accounts', { keyPath: 'userId' });
    },
  });
  return database;
}

async function read(userId: string): Promise<KeptPages | null> {
  const kept = await (await db())?.get('accounts', userId).catch(() => undefined);
  return kept && Date.now() - kept.savedAt < KEPT_FOR_MS ? kept : null;
}

/** The account the server confirmed: kept for a reload with no connection, and the other accounts' records dropped. */
export async function keepUser(user: CurrentUser): Promise<void> {
  const store = await db()?.catch(() => null);
  if (!store) return;
  const transaction = store.transaction('accounts', 'readwrite');
  for (const key of await transaction.store.getAllKeys()) if (key !== user._id) await transaction.store.delete(key);
  const kept = await transaction.store.get(user._id);
  await transaction.store.put({ ...kept, userId: user._id, user, savedAt: Date.now() });
  await transaction.done;
}

/** The account last confirmed for this user id, if kept and recent. */
export async function keptUser(userId: string): Promise<CurrentUser | null> {
  return (await read(userId).catch(() => null))?.user ?? null;
}

/** Signed out, or the server ended the session: nothing of any account stays on this phone. */
export async function forgetKeptPages(): Promise<void> {
  clearings += 1;
  await (await db()?.catch(() => null))?.clear('accounts').catch(() => undefined);
}

/**
 * Keeps every successful answer of this user as the cache changes and, when `showKept` (the session
 * could not be checked for want of a connection), first puts the kept answers into the query cache
 * (an answer already fetched in this page load is newer and stays). Online a reload reads everything
 * afresh, as it always did: a kept copy may be older than the last change (it is saved at most every
 * 2 s), and a form filled from it would show a setting as it was before. Returns the stop. Only the
 * confirmed account's record is written: a user id with none kept is not saved.
 */
export function keepQueries(queryClient: QueryClient, userId: string, showKept: boolean): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    const before = clearings;
    const kept = await read(userId).catch(() => null);
    const store = await db()?.catch(() => null);
    if (!kept || !store || stopped || before !== clearings) return;
    const queries = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
    await store.put('accounts', { ...kept, queries, savedAt: Date.now() }).catch(() => undefined);
  };
  void read(userId)
    .then((kept) => {
      if (stopped || !showKept || !kept?.queries) return;
      hydrate(queryClient, kept.queries);
      // A kept answer is a copy from an earlier page load: it counts as stale whatever the query's
      // staleTime, so it is read again as soon as the connection returns. An answer this page load
      // already fetched is newer, was not replaced, and is not read twice.
      const keptAt = new Map(kept.queries.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]));
      void queryClient.invalidateQueries({ predicate: (query) => keptAt.get(query.queryHash) === query.state.dataUpdatedAt });
    })
    .catch(() => undefined);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void save();
    }, SAVE_GAP_MS);
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
