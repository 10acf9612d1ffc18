import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtime } from '@/lib/realtime.tsx';
import { pointQueue } from './point-queue.ts';
import { SEND_MAX_INTERVAL_MS, shouldRecord, toTrackPoint, type TrackPoint } from './tracking-rule.ts';

/** Points per `tracking:points` message: a long offline gap goes out in several acknowledged batches. */
const BATCH_SIZE = 50;
const ACK_TIMEOUT_MS = 10_000;

export interface PointSender {
  /** Points taken but not yet acknowledged by the server (kept in IndexedDB). */
  queued: number;
}

/**
 * The live tracking sender (docs/product.md §4.7): while `active`, every fix that moved more than 5 m, or
 * comes 15 s after the last recorded one, is written to the IndexedDB queue first and then sent
 * over the socket in time order. Offline, points pile up in the queue with their device times and
 * go out when the socket is back; a batch leaves the queue only once the server acknowledged it.
 */
export function usePointSender({
  userId,
  active,
  fix,
  onRefused,
}: {
  userId: string | null;
  active: boolean;
  fix: TrackPoint | null;
  /** The server says tracking is off for this tanod (not on duty): the page refetches its state. */
  onRefused?: (message: string) => void;
}): PointSender {
  const { socket, connected } = useRealtime();
  const [queued, setQueued] = useState(0);
  const lastRecorded = useRef<TrackPoint | null>(null);
  const flushing = useRef(false);

  const refreshCount = useCallback(async () => {
    if (userId) setQueued(await pointQueue.count(userId));
  }, [userId]);

  const flush = useCallback(async () => {
    if (!userId || flushing.current) return;
    // Offline, the points wait in the queue; the reconnect (or the next fix) sends them.
    if (!socket?.connected || !navigator.onLine) return;
    flushing.current = true;
    try {
      for (;;) {
        const batch = await pointQueue.oldest(userId, BATCH_SIZE);
        if (batch.points.length === 0) break;
        const ack = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('tracking:points', batch.points);
        if (ack.error && ack.error.code !== 'not_on_duty' && ack.error.code !== 'VALIDATION_FAILED') {
          // Busy or rate limited: keep the batch for the next fix or reconnect.
          return;
        }
        // Stored, already there, or never acceptable (off duty, malformed): either way the
        // server has answered, and keeping the batch would only send it again.
        await pointQueue.remove(userId, batch.keys);
        await refreshCount();
        if (ack.error?.code === 'not_on_duty') onRefused?.(ack.error.message);
      }
    } catch {
      // No acknowledgement (the connection dropped mid-way): the batch stays queued and goes out
      // again on the next fix or reconnect; the server ignores the points it already stored.
    } finally {
      flushing.current = false;
      await refreshCount();
    }
  }, [socket, userId, refreshCount, onRefused]);

  // A fix that arrives after tracking stopped (a pending 15 s request) must not be recorded.
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);

  const record = useCallback(
    async (point: TrackPoint) => {
      if (!userId || !activeRef.current || !shouldRecord(lastRecorded.current, point)) return;
      lastRecorded.current = point;
      await pointQueue.add(userId, point);
      await refreshCount();
      await flush();
    },
    [userId, flush, refreshCount],
  );

  useEffect(() => {
    if (active && fix) void record(fix);
  }, [active, fix, record]);

  // A phone standing still may report no new fix: ask for one so the 15 s rule still holds.
  useEffect(() => {
    if (!active || !('geolocation' in navigator)) return;
    const timer = window.setInterval(() => {
      navigator.geolocation.getCurrentPosition((position) => void record(toTrackPoint(position)), () => undefined, {
        enableHighAccuracy: true,
        maximumAge: 0,
        timeout: SEND_MAX_INTERVAL_MS,
      });
    }, SEND_MAX_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [active, record]);

  // Whatever waited goes out as soon as the connection is back (points of a previous visit too).
  useEffect(() => {
    // flush and refreshCount set state only after awaiting IndexedDB, never synchronously here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (connected) void flush();
    else void refreshCount();
  }, [connected, flush, refreshCount]);

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  return { queued };
}
