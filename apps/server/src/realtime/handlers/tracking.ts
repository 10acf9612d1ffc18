import { msg } from '@lingui/core/macro';
import { PATROL_LIMITS, isAdminLike, type RealtimeAck, type TrackingPointsAck } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { translate } from '../../lib/i18n.ts';
import { LIVE_MAP_ROOM } from '../rooms.ts';
import { socketLocale } from '../socket-locale.ts';
import type { RealtimeSocket } from '../types.ts';

const MINUTE_MS = 60_000;

/**
 * Live tracking: tanods send `tracking:points`, admins `tracking:watch` the live map.
 * Each socket has its own budget of batches and points per minute; beyond it the batch is refused
 * with RATE_LIMITED and the client keeps it for later. The minute is the injected clock's, like
 * every other time the server decides.
 */
export function trackingHandlers(socket: RealtimeSocket, deps: AppDeps): void {
  let windowStart = deps.clock.now().getTime();
  let batches = 0;
  let points = 0;
  // The refusals in the socket's language (socket-locale.ts); the codes stay English.
  const locale = socketLocale(socket);

  socket.on('tracking:points', (raw: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    const reply = ack as (result: TrackingPointsAck) => void;
    if (socket.data.userType !== 'tanod') {
      return reply({ accepted: 0, rejected: 0, error: { code: 'not_on_duty', message: translate(msg`Only tanods send positions`, locale) } });
    }
    const now = deps.clock.now().getTime();
    // A test clock moved back starts a new minute too.
    if (now - windowStart >= MINUTE_MS || now < windowStart) {
      windowStart = now;
      batches = 0;
      points = 0;
    }
    const size = Array.isArray(raw) ? raw.length : 0;
    if (batches + 1 > PATROL_LIMITS.batchesPerMinuteMax || points + size > PATROL_LIMITS.pointsPerMinuteMax) {
      return reply({ accepted: 0, rejected: 0, error: { code: 'RATE_LIMITED', message: translate(msg`Too many points; send them again in a minute`, locale) } });
    }
    batches += 1;
    points += size;
    deps.trackingIngest
      .ingest(socket.data.userId, raw)
      .then(reply, () => reply({ accepted: 0, rejected: 0, error: { code: 'UNAVAILABLE', message: translate(msg`The points could not be stored; send them again`, locale) } }));
  });

  socket.on('tracking:watch', (...args: unknown[]) => {
    const ack = args.findLast((arg): arg is (result: RealtimeAck) => void => typeof arg === 'function');
    if (!isAdminLike(socket.data.userType)) {
      return ack?.({ ok: false, error: { code: 'FORBIDDEN', message: translate(msg`Only admins watch the live map`, locale) } });
    }
    void Promise.resolve(socket.join(LIVE_MAP_ROOM)).then(() => ack?.({ ok: true }));
  });

  socket.on('tracking:unwatch', (...args: unknown[]) => {
    const ack = args.findLast((arg): arg is (result: RealtimeAck) => void => typeof arg === 'function');
    void Promise.resolve(socket.leave(LIVE_MAP_ROOM)).then(() => ack?.({ ok: true }));
  });
}
