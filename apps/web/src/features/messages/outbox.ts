import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { openDB, type IDBPDatabase } from 'idb';
import { t } from '@lingui/core/macro';
import { ApiError } from '@/lib/api-client.ts';
import { useRealtime } from '@/lib/realtime.tsx';
import { storedUserId } from '@/lib/storage.ts';
import { notify } from '@/lib/toast.ts';
import { useOnline } from '@/lib/use-online.ts';
import { addToThread, CONVERSATIONS_KEY, sendMessage, upsertConversation } from './messages-api.ts';
import type { ChatMessage, Conversation } from './message-types.ts';

/**
 * Messages written but not yet stored by the server, as people know it from Messenger:
 * shown at once as "Sending…", kept in memory and in IndexedDB (so a reload loses nothing), sent
 * by themselves when the connection returns, and marked "Not sent — tap to retry" when the server
 * refuses one. Each carries an id made here, which the server uses to store a repeat only once.
 */
export interface OutgoingMessage {
  clientId: string;
  conversationId: string;
  /** Only the user who wrote it sends it: another user signing in on this browser never does. */
  senderId: string;
  content: string;
  /** When it was written (ISO 8601): the order of sending. */
  createdAt: string;
  state: 'sending' | 'failed';
}

/** Pauses between tries while the server cannot be reached, growing up to the last one. */
const RETRY_DELAYS_MS = [2000, 4000, 8000, 15_000];

let all: readonly OutgoingMessage[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly OutgoingMessage[]) {
  all = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---- IndexedDB: a copy of the queue; the app keeps working (in memory) where it is unavailable ----

// The same small IndexedDB wrapper as the patrol point queue (`idb`).
let database: Promise<IDBPDatabase> | null | undefined;
function db(): Promise<IDBPDatabase> | null {
  if (database === undefined) {
    database =
      typeof indexedDB === 'undefined'
        ? null
        : openDB('bantay-outbox', 1, {
            upgrade(upgrading) {
              upgrading.createObjectStore('messages');
            },
          });
  }
  return database;
}

function keep(item: OutgoingMessage) {
  db()
    ?.then((store) => store.put('messages', item, item.clientId))
    .catch((error: unknown) => console.error('Could not keep the message', error));
}

function drop(clientId: string) {
  db()
    ?.then((store) => store.delete('messages', clientId))
    .catch((error: unknown) => console.error('Could not drop the sent message', error));
}

let loading: Promise<void> | null = null;
/** Reads what earlier pages left waiting, once per page. */
function loadKept(): Promise<void> {
  const store = db();
  loading ??= store
    ? store
        .then((opened) => opened.getAll('messages') as Promise<OutgoingMessage[]>)
        .then((kept) => {
          const known = new Set(all.map((item) => item.clientId));
          const added = kept.filter((item) => !known.has(item.clientId));
          if (added.length > 0) publish([...all, ...added].sort((a, b) => a.createdAt.localeCompare(b.createdAt)));
        })
        .catch((error: unknown) => console.error('Could not read the kept messages', error))
    : Promise.resolve();
  return loading;
}

// ---- The queue ----

/** A random id for a message, also where crypto.randomUUID is missing (plain http on a LAN). */
function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function queueMessage(input: Pick<OutgoingMessage, 'conversationId' | 'senderId' | 'content'>): OutgoingMessage {
  const item: OutgoingMessage = { ...input, clientId: newClientId(), createdAt: new Date().toISOString(), state: 'sending' };
  publish([...all, item]);
  keep(item);
  return item;
}

function update(clientId: string, state: OutgoingMessage['state']) {
  const item = all.find((candidate) => candidate.clientId === clientId);
  if (!item || item.state === state) return;
  const next = { ...item, state };
  publish(all.map((candidate) => (candidate.clientId === clientId ? next : candidate)));
  keep(next);
}

/** "Not sent — tap to retry": the message goes back in line. */
export function retryMessage(clientId: string): void {
  update(clientId, 'sending');
}

function remove(clientId: string) {
  publish(all.filter((item) => item.clientId !== clientId));
  drop(clientId);
}

/** The waiting messages of one conversation written by `senderId`, oldest first. */
export function useOutgoing(conversationId: string | null, senderId: string | null): OutgoingMessage[] {
  const current = useSyncExternalStore(subscribe, () => all);
  return useMemo(
    () => current.filter((item) => item.conversationId === conversationId && item.senderId === senderId),
    [current, conversationId, senderId],
  );
}

// ---- Sending ----

/** A refusal the server will repeat however often it is asked (not a lost connection or a busy server). */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && !error.isNetwork && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

function showSent(queryClient: QueryClient, message: ChatMessage) {
  addToThread(queryClient, message);
  const conversation = queryClient.getQueryData<Conversation[]>(CONVERSATIONS_KEY)?.find((c) => c._id === message.conversationId);
  if (conversation) {
    upsertConversation(queryClient, {
      ...conversation,
      lastMessage: message.content,
      lastMessageSender: { _id: message.userId },
      read: true,
      updatedAt: message.createdAt,
    });
  } else {
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  }
}

let running: Promise<boolean> | null = null;

/**
 * Sends the signed-in user's waiting messages one by one, oldest first, so they arrive in the
 * order written. Stops at the first lost connection, keeping that message and those after it.
 * Resolves true when messages are still waiting. Only one run at a time: a message is never in
 * flight twice from this page (and the server ignores a repeat from another tab).
 */
function sendWaiting(senderId: string, queryClient: QueryClient): Promise<boolean> {
  running ??= (async () => {
    try {
      for (;;) {
        const item = all.find((candidate) => candidate.senderId === senderId && candidate.state === 'sending');
        if (!item) return false;
        try {
          const message = await sendMessage(item.conversationId, item.content, item.clientId);
          remove(item.clientId);
          showSent(queryClient, message);
        } catch (error) {
          if (!isRefusal(error)) return true;
          update(item.clientId, 'failed');
          // In the language on screen when the refusal comes back.
          notify.error(t`Error sending message.`);
        }
      }
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * Mounted once with the top bar: sends what waits whenever there is a chance (something new in
 * line, the browser back online, the live connection back), and tries again with growing pauses
 * while the server cannot be reached.
 */
export function useOutboxSender(): void {
  const queryClient = useQueryClient();
  const { connected } = useRealtime();
  const online = useOnline();
  const queue = useSyncExternalStore(subscribe, () => all);
  const [attempt, setAttempt] = useState(0);
  const me = storedUserId();

  useEffect(() => {
    void loadKept();
  }, []);

  useEffect(() => {
    if (!online || !me || !queue.some((item) => item.senderId === me && item.state === 'sending')) return;
    let timer: number | undefined;
    let active = true;
    void sendWaiting(me, queryClient).then((stillWaiting) => {
      if (!active) return;
      if (!stillWaiting) {
        if (attempt !== 0) setAttempt(0);
        return;
      }
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
      timer = window.setTimeout(() => setAttempt((value) => value + 1), delay);
    });
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [queue, online, connected, me, queryClient, attempt]);
}
