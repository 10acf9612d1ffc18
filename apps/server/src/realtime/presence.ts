import type { AppDeps } from '../deps.ts';
import { setUserPresence } from '../modules/users/users.repository.ts';
import { STAFF_ROOMS, userRoom } from './rooms.ts';
import type { RealtimeLog, RealtimeServer } from './types.ts';

/**
 * `isOnline` and `lastActive` follow connected sockets: a user is online while any of their
 * sockets (tabs, devices, on any instance) is connected. After every connect and disconnect the
 * user's sockets are counted and the stored flag corrected if it differs; the change, and only a
 * change, is announced to staff as `presence:changed`.
 *
 * Reconciliations of one user run one after another, so two tabs opening or closing together
 * cannot interleave their count-then-write. Across instances two reconciliations can still race
 * (each counts before the other writes); the next connect or disconnect corrects it.
 */
export function createPresence(io: RealtimeServer, deps: Pick<AppDeps, 'db' | 'clock'>, log: RealtimeLog) {
  const queues = new Map<string, Promise<void>>();

  async function apply(userId: string): Promise<void> {
    const sockets = await io.in(userRoom(userId)).fetchSockets();
    const changed = await setUserPresence(deps.db, userId, sockets.length > 0, deps.clock.now());
    if (!changed) return;
    io.to(STAFF_ROOMS).emit('presence:changed', {
      userId,
      isOnline: changed.isOnline,
      lastActive: changed.lastActive ? changed.lastActive.toISOString() : null,
    });
  }

  return {
    reconcile(userId: string): Promise<void> {
      const previous = queues.get(userId) ?? Promise.resolve();
      const next = previous.then(() => apply(userId)).catch((error: unknown) => log.error({ err: error, userId }, 'presence update failed'));
      queues.set(userId, next);
      void next.then(() => {
        if (queues.get(userId) === next) queues.delete(userId);
      });
      return next;
    },
    /** Resolves once every pending reconciliation has run (shutdown waits for it). */
    async idle(): Promise<void> {
      while (queues.size > 0) await Promise.all([...queues.values()]);
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
