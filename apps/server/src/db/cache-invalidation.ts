import crypto from 'node:crypto';
import pg from 'pg';
import type { AppDeps } from '../deps.ts';
import { onReadsChanged } from '../lib/read-cache.ts';

const CHANNEL = 'bantay_cache_invalidation';
// NOTIFY payloads must stay under 8000 bytes: session and user ids go 100 (about 4 KB) at a time.
const IDS_PER_MESSAGE = 100;
const RECONNECT_MS = 1_000;

type Message =
  | { origin: string; kind: 'sessions'; sessionIds: string[] }
  | { origin: string; kind: 'users'; userIds: string[] }
  | { origin: string; kind: 'settings' };

export interface CacheInvalidationLog {
  warn(data: object, message: string): void;
}

export interface CacheInvalidation {
  /** Resolves once this instance listens, so it hears every change announced from then on. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Several instances on one PostgreSQL database each keep caches (verified sessions, public
 * settings, the hot per-user reads). A change on one instance clears its own caches through the
 * in-process domain event; this relays those events to the others with LISTEN/NOTIFY, on a
 * connection of its own. While that connection is down the session and read caches are suspended
 * (nothing is trusted without the database), so a change on another instance can never be
 * missed, only delayed by the notification's own trip (about a millisecond on a LAN).
 */
export function shareCacheInvalidation(
  pool: pg.Pool,
  deps: Pick<AppDeps, 'events' | 'sessionCache' | 'readCache'>,
  log: CacheInvalidationLog,
): CacheInvalidation {
  const origin = crypto.randomUUID();
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const suspend = () => {
    deps.sessionCache.suspend();
    deps.readCache.suspend();
  };
  suspend();

  const notify = (message: Message) => {
    pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]).catch((error: unknown) => {
      // The others could not be told: their TTL still bounds how long they trust the session.
      log.warn({ err: error }, 'cache invalidation could not be relayed');
    });
  };
  // True while an event that came from another instance is published here, so it is not sent back.
  let relaying = false;
  const unsubscribers = [
    deps.events.subscribe('sessions.revoked', ({ sessionIds }) => {
      for (let i = 0; i < sessionIds.length; i += IDS_PER_MESSAGE) {
        notify({ origin, kind: 'sessions', sessionIds: sessionIds.slice(i, i + IDS_PER_MESSAGE) });
      }
    }),
    onReadsChanged(deps.events, (userIds) => {
      for (let i = 0; i < userIds.length; i += IDS_PER_MESSAGE) {
        notify({ origin, kind: 'users', userIds: userIds.slice(i, i + IDS_PER_MESSAGE) });
      }
    }),
    deps.events.subscribe('settings.updated', () => {
      if (!relaying) notify({ origin, kind: 'settings' });
    }),
  ];

  function receive(payload: string | undefined): void {
    let message: Message;
    try {
      message = JSON.parse(payload ?? '') as Message;
    } catch {
      return;
    }
    if (message.origin === origin) return;
    // Applied directly, not re-published: the socket layer already reaches every instance's sockets.
    if (message.kind === 'sessions') deps.sessionCache.forgetSessions(message.sessionIds);
    if (message.kind === 'users') deps.readCache.forgetUsers(message.userIds);
    if (message.kind === 'settings') {
      relaying = true;
      try {
        deps.events.publish('settings.updated', {});
      } finally {
        relaying = false;
      }
    }
  }

  let listening: () => void = () => {};
  const ready = new Promise<void>((resolve) => (listening = resolve));

  async function connect(): Promise<void> {
    const client = new pg.Client(pool.options);
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = null;
      suspend();
      client.end().catch(() => {});
      if (closed) return;
      log.warn(
        { err: error },
        'cache invalidation listener lost; sessions are checked in the database until it is back',
      );
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (notification) => receive(notification.payload));
    listener = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (listener === client && !closed) {
      deps.sessionCache.resume();
      deps.readCache.resume();
      listening();
    }
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      for (const unsubscribe of unsubscribers) unsubscribe();
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
