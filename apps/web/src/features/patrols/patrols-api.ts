import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentPatrol,
  GpsPosition,
  LivePosition,
  Patrol,
  PatrolArea,
  PatrolDetail,
  PatrolLogEntry,
  PatrolTrack,
  Schedule,
  TrackingPosition,
  TrackingState,
} from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useRealtime, useSocketEvent } from '@/lib/realtime.tsx';
import { storage } from '@/lib/storage.ts';

/** The calls of the patrol pages (tanod /Patrolmap, admin /Patrol&incidenttracking). */

const id = (value: string) => encodeURIComponent(value);

export const CURRENT_PATROL_KEY = ['patrols', 'current'] as const;
export const TRACKING_STATE_KEY = ['tracking', 'me'] as const;
export const MY_SCHEDULES_KEY = ['schedules', 'mine'] as const;
const LIVE_POSITIONS_KEY = ['tracking', 'live'] as const;
/** The same key and list as the areas page, so one cache serves both. */
const AREAS_KEY = ['patrol-areas', { includeRetired: true }] as const;

export function useAreas() {
  return useQuery({ queryKey: AREAS_KEY, queryFn: ({ signal }) => api<PatrolArea[]>('/api/patrol-areas?includeRetired=true', { signal }) });
}

export function useCurrentPatrol() {
  return useQuery({ queryKey: CURRENT_PATROL_KEY, queryFn: ({ signal }) => api<CurrentPatrol>('/api/patrols/current', { signal }) });
}

export function useMySchedules() {
  return useQuery({ queryKey: MY_SCHEDULES_KEY, queryFn: ({ signal }) => api<Schedule[]>('/api/schedules/mine', { signal }) });
}

/**
 * The tracking switch and whether tracking is on (during a patrol, or switched on). Mirrored into
 * the brief's `isTracking` storage key, and refreshed by `tracking:status` from any tab or patrol
 * change, so every open screen shows the same indicator.
 */
export function useTrackingState() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: TRACKING_STATE_KEY, queryFn: ({ signal }) => api<TrackingState>('/api/tracking/me', { signal }) });
  useSocketEvent('tracking:status', () => {
    void queryClient.invalidateQueries({ queryKey: TRACKING_STATE_KEY });
    void queryClient.invalidateQueries({ queryKey: CURRENT_PATROL_KEY });
  });
  const isTracking = query.data?.isTracking ?? false;
  useEffect(() => {
    if (!query.data) return;
    if (isTracking) storage.set('isTracking', 'true');
    else storage.remove('isTracking');
  }, [query.data, isTracking]);
  return query;
}

export const setTrackingSwitch = (isTracking: boolean) => api<TrackingState>('/api/tracking/me', { method: 'PUT', body: { isTracking } });

export const startPatrol = (scheduleId: string, position: GpsPosition) =>
  api<Patrol>('/api/patrols/start', { method: 'POST', body: { scheduleId, position } });

export const endPatrol = (patrolId: string, position: GpsPosition) =>
  api<Patrol>(`/api/patrols/${id(patrolId)}/end`, { method: 'POST', body: { position } });

export const addLogEntry = (patrolId: string, text: string, position?: GpsPosition) =>
  api<PatrolLogEntry>(`/api/patrols/${id(patrolId)}/log`, { method: 'POST', body: { text, position } });

export function usePatrol(patrolId: string | null) {
  return useQuery({
    queryKey: ['patrols', 'detail', patrolId],
    queryFn: ({ signal }) => api<PatrolDetail>(`/api/patrols/${id(patrolId!)}`, { signal }),
    enabled: patrolId !== null,
  });
}

export function usePatrolTrack(patrolId: string | null) {
  return useQuery({
    queryKey: ['patrols', 'track', patrolId],
    queryFn: ({ signal }) => api<PatrolTrack>(`/api/patrols/${id(patrolId!)}/track`, { signal }),
    enabled: patrolId !== null,
  });
}

export function usePatrolList(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['patrols', 'list', range],
    queryFn: ({ signal }) =>
      api<Patrol[]>(`/api/patrols?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`, { signal }),
  });
}

/**
 * The latest point of every tanod on patrol (admin live map): the first paint from
 * `GET /api/tracking/live`, then each `tracking:position` moves its marker. The socket joins the
 * live-map room while the map is open; a tanod the list does not know yet (a patrol just started)
 * makes it refetch, since the event carries no name or photo.
 */
export function useLivePositions() {
  const queryClient = useQueryClient();
  const { socket, connected } = useRealtime();
  // Positions pushed while a fetch was in flight are newer than its answer: the answer keeps them.
  const pushed = useRef(new Map<string, TrackingPosition>());
  const query = useQuery({
    queryKey: LIVE_POSITIONS_KEY,
    queryFn: async ({ signal }) => {
      const fetched = await api<LivePosition[]>('/api/tracking/live', { signal });
      return fetched.map((item) => {
        const newer = pushed.current.get(item.userId);
        return newer && Date.parse(newer.at) > Date.parse(item.at) ? { ...item, ...newer } : item;
      });
    },
  });

  useEffect(() => {
    if (!socket || !connected) return;
    socket.emit('tracking:watch');
    // Joining happens after the first paint's request: refetch so no point in between is missed.
    void queryClient.invalidateQueries({ queryKey: LIVE_POSITIONS_KEY });
    return () => {
      socket.emit('tracking:unwatch');
    };
  }, [socket, connected, queryClient]);

  useSocketEvent('tracking:position', (position: TrackingPosition) => {
    pushed.current.set(position.userId, position);
    let known = false;
    queryClient.setQueryData<LivePosition[]>(LIVE_POSITIONS_KEY, (current) =>
      current?.map((item) => {
        if (item.userId !== position.userId) return item;
        known = true;
        return Date.parse(position.at) >= Date.parse(item.at) ? { ...item, ...position } : item;
      }),
    );
    if (!known) void queryClient.invalidateQueries({ queryKey: LIVE_POSITIONS_KEY });
    // The open patrol's route grows with each point.
    if (position.patrolId) {
      queryClient.setQueryData<PatrolTrack>(['patrols', 'track', position.patrolId], (track) =>
        track && !track.points.some((point) => point.at === position.at)
          ? { ...track, points: [...track.points, { ...position }].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)) }
          : track,
      );
    }
  });
  useSocketEvent('tracking:status', () => void queryClient.invalidateQueries({ queryKey: LIVE_POSITIONS_KEY }));
  return query;
}
