import type { RealtimeAck } from '@bantay/shared';
import { userRoom } from '../rooms.ts';
import type { RealtimeSocket } from '../types.ts';

/**
 * `joinNotificationRoom` (docs/product.md §A7). Every socket is in its own user room from the moment it
 * connects, so this only (re)joins it and acknowledges. Whatever else the client sends (the
 * brief's client may send its user id) is ignored: a socket can only ever join its own room.
 */
export function notificationHandlers(socket: RealtimeSocket): void {
  socket.on('joinNotificationRoom', (...args: unknown[]) => {
    const ack = args.findLast((arg): arg is (result: RealtimeAck) => void => typeof arg === 'function');
    void Promise.resolve(socket.join(userRoom(socket.data.userId))).then(() => ack?.({ ok: true }));
  });
}
