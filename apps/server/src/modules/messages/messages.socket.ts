import { msg } from '@lingui/core/macro';
import { MESSAGE_LIMITS, type RealtimeAck } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { translate } from '../../lib/i18n.ts';
import { conversationRoom, userRoom } from '../../realtime/rooms.ts';
import { socketLocale } from '../../realtime/socket-locale.ts';
import type { RealtimeSocket } from '../../realtime/types.ts';
import { isParticipant } from './messages.service.ts';

type Ack = (result: RealtimeAck) => void;

const NOT_FOUND = msg`Conversation not found`;
const INVALID = msg`conversationId: is required`;
const OPEN_FAILED = msg`Could not open the conversation. Please try again.`;

/** The acknowledgement callback, wherever the client put it (a client may send extra arguments before it). */
const ackOf = (args: unknown[]): Ack | undefined => args.findLast((arg): arg is Ack => typeof arg === 'function');

/** The web app sends the id itself; a `{ conversationId }` object is accepted too. */
function conversationIdOf(value: unknown): string | null {
  const id = typeof value === 'object' && value !== null ? (value as { conversationId?: unknown }).conversationId : value;
  return typeof id === 'string' && id.length > 0 && id.length <= 100 ? id.toLowerCase() : null;
}

/**
 * Chat events (docs/product.md §A7).
 * - `joinConversation(id, ack)`: a participant's socket joins `conversation:<id>` (the chat dialog
 *   is open) and hears the other participant typing. Anyone else gets `{ ok: false, NOT_FOUND }`
 *   and joins nothing.
 * - `leaveConversation(id, ack)`: leaves it (dialog closed).
 * - `typing({ conversationId })`: forwarded as `userTyping` to the other participant's sockets in
 *   the room, never back to the typist's own tabs. Only from a socket in the room (so only a
 *   participant), at most MESSAGE_LIMITS.typingPerSecond a second; the rest are dropped.
 *
 * Messages and read receipts are not sent from here: they follow committed writes, through domain
 * events (realtime/domain-bridge.ts). The handlers live in the module because they ask it who
 * takes part; the composition root registers them with the socket server (domain-bridge.ts,
 * SOCKET_HANDLERS), which imports no module.
 */
export function messageHandlers(socket: RealtimeSocket, deps: AppDeps): void {
  const { userId } = socket.data;
  // The refusals in the socket's language (socket-locale.ts); the codes stay English.
  const locale = socketLocale(socket);
  const notFound: RealtimeAck = { ok: false, error: { code: 'NOT_FOUND', message: translate(NOT_FOUND, locale) } };
  const invalid: RealtimeAck = { ok: false, error: { code: 'VALIDATION_FAILED', message: translate(INVALID, locale) } };
  let typingWindowStart = 0;
  let typingInWindow = 0;

  socket.on('joinConversation', (...args: unknown[]) => {
    const ack = ackOf(args);
    const conversationId = conversationIdOf(args[0]);
    if (!conversationId) return ack?.(invalid);
    isParticipant(deps, userId, conversationId).then(
      async (allowed) => {
        if (!allowed || socket.disconnected) return ack?.(notFound);
        await socket.join(conversationRoom(conversationId));
        ack?.({ ok: true });
      },
      () => ack?.({ ok: false, error: { code: 'INTERNAL', message: translate(OPEN_FAILED, locale) } }),
    );
  });

  socket.on('leaveConversation', (...args: unknown[]) => {
    const ack = ackOf(args);
    const conversationId = conversationIdOf(args[0]);
    if (!conversationId) return ack?.(invalid);
    const room = conversationRoom(conversationId);
    // Only participants can ever be in the room, so being in it is proof enough.
    if (socket.rooms.has(room)) {
      void Promise.resolve(socket.leave(room)).then(() => ack?.({ ok: true }));
      return;
    }
    isParticipant(deps, userId, conversationId).then(
      (allowed) => ack?.(allowed ? { ok: true } : notFound),
      () => ack?.(notFound),
    );
  });

  socket.on('typing', (payload: unknown) => {
    const conversationId = conversationIdOf(payload);
    if (!conversationId) return;
    const room = conversationRoom(conversationId);
    if (!socket.rooms.has(room)) return;
    // The app's clock, so tests can hold time still and count exactly.
    const now = deps.clock.now().getTime();
    if (now - typingWindowStart >= 1000) {
      typingWindowStart = now;
      typingInWindow = 0;
    }
    typingInWindow += 1;
    if (typingInWindow > MESSAGE_LIMITS.typingPerSecond) return;
    socket.to(room).except(userRoom(userId)).emit('userTyping', { conversationId, userId });
  });
}
