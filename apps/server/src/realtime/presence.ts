import type { PresenceChanged } from '@bantay/shared';
import type { AppDeps } from '../deps.ts';
import { STAFF_ROOMS, userRoom } from './rooms.ts';
import type { RealtimeLog, RealtimeServer } from './types.ts';

/** How long connects and disconnects are gathered before they are counted, stored and announced. */
const PRESENCE_FLUSH_MS = 200;

/**
 * `isOnline` and `lastActive` follow connected sockets: a user is online while any of their
 * sockets (tabs, devices, on any instance) is connected. Connects and disconnects mark their user;
 * every PRESENCE_FLUSH_MS the marked users' sockets are counted in one look-up, the stored flags
 * that differ are corrected in one statement, and the changes, and only changes, go to staff as
 * one `presence:changed` list.
 *
 * Gathering is what lets one server hold a thousand staff: announcing each connect on its own
 * sends every staff socket a message per arrival, so a reconnect wave after a restart cost
 * N × N messages (500,500 for 1,000 sockets, see docs/benchmarks.md) and a database write each.
 *
 * Flushes run one after another, so two tabs opening or closing together cannot interleave their
 * count-then-write. Across instances two flushes can still race (each counts before the other
 * writes); the next connect or disconnect corrects it.
 */
export function createPresence(io: RealtimeServer, deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'links'>, log: RealtimeLog) {
  let marked = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  /** Resolves when the flush that will cover the currently marked users has run. */
  let nextFlush: Promise<void> | null = null;
  let runNextFlush: () => void = () => {};

  async function flush(userIds: string[]): Promise<void> {
    const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
    const connected = new Set(sockets.map((socket) => socket.data.userId));
    const changed = await deps.links.presence.setUsersPresence(
      deps.db,
      userIds.map((userId) => ({ userId, isOnline: connected.has(userId) })),
      deps.clock.now(),
    );
    if (changed.length === 0) return;
    deps.events.publish('users.changed', { userIds: changed.map((row) => row.userId) });
    const changes: PresenceChanged[] = changed.map((row) => ({
      userId: row.userId,
      isOnline: row.isOnline,
      lastActive: row.lastActive ? row.lastActive.toISOString() : null,
    }));
    io.to(STAFF_ROOMS).emit('presence:changed', changes);
  }

  function schedule(): Promise<void> {
    if (nextFlush) return nextFlush;
    nextFlush = new Promise<void>((resolve) => (runNextFlush = resolve)).then(() => {
      const userIds = [...marked];
      marked = new Set();
      nextFlush = null;
      timer = null;
      flushing = flushing.then(() => flush(userIds)).catch((error: unknown) => log.error({ err: error, users: userIds.length }, 'presence update failed'));
      return flushing;
    });
    timer = setTimeout(() => runNextFlush(), PRESENCE_FLUSH_MS);
    timer.unref();
    return nextFlush;
  }

  return {
    /** Marks the user for the next flush; resolves once that flush has run. */
    reconcile(userId: string): Promise<void> {
      marked.add(userId);
      return schedule();
    },
    /** Runs what is marked now and resolves once every flush has run (shutdown waits for it). */
    async idle(): Promise<void> {
      if (timer) {
        clearTimeout(timer);
        runNextFlush();
      }
      while (nextFlush) await nextFlush;
      await flushing;
    },
  };
}
