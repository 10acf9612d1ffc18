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
  /** The last send failed or is waiting for the connection. */
  waiting: boolean;
}

/**
 * The live tracking sender (product §4.7): while `active`, every fix that moved more than 5 m, or
 * comes 15 s after the last recorded one, is written to the IndexedDB queue first and then sent
 * over the socket in time order. Offline, points pile up in the queue with their device times and
 * go out when the socket is back; a batch leaves the queue only once the server acknowledged it.
 */
export function usePointSender({ userId, active, fix }: { userId: string | null; active: boolean; fix: TrackPoint | null }): PointSender {
  const { socket, connected } = useRealtime();
  const [queued, setQueued] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const lastRecorded = useRef<TrackPoint | null>(null);
  const flushing = useRef(false);

  const refreshCount = useCallback(async () => {
    if (userId) setQueued(await pointQueue.count(userId));
  }, [userId]);

  const flush = useCallback(async () => {
    if (!userId || flushing.current) return;
    if (!socket?.connected || !navigator.onLine) {
      setWaiting(true);
      return;
    }
    flushing.current = true;
    try {
      for (;;) {
        const batch = await pointQueue.oldest(userId, BATCH_SIZE);
        if (batch.points.length === 0) break;
        await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('tracking:points', batch.points);
        // Accepted or refused (a point the server already has, or one it will never take), the
        // batch is answered: keeping it would only send it again.
        await pointQueue.remove(userId, batch.keys);
        await refreshCount();
      }
      setWaiting(false);
    } catch {
      // No acknowledgement (the connection dropped mid-way): the batch stays queued and goes out
      // again on the next fix or reconnect; the server ignores the points it already stored.
      setWaiting(true);
    } finally {
      flushing.current = false;
      await refreshCount();
    }
  }, [socket, userId, refreshCount]);

  const record = useCallback(
    async (point: TrackPoint) => {
      if (!userId || !shouldRecord(lastRecorded.current, point)) return;
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
    if (connected) void flush();
    else void refreshCount();
  }, [connected, flush, refreshCount]);

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  return { queued, waiting };
}
