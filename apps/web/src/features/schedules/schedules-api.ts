import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateScheduleRequest,
  CreateSchedulesResponse,
  DeleteSchedulesResponse,
  PatrolArea,
  Schedule,
  ScheduleScope,
  UpdateScheduleRequest,
  UserSummary,
} from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useSocketEvent } from '@/lib/realtime.tsx';

const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();

/** Any change to schedules (here or pushed by `schedule:updated`) refreshes every schedule list. */
function useScheduleUpdates() {
  const queryClient = useQueryClient();
  useSocketEvent('schedule:updated', () => void queryClient.invalidateQueries({ queryKey: ['schedules'] }));
}

/** `GET /api/schedules?from=&to=` (admin): the schedules overlapping the range. */
export function useSchedules(range: { from: string; to: string }) {
  useScheduleUpdates();
  return useQuery({
    queryKey: ['schedules', 'range', range],
    queryFn: ({ signal }) => api<Schedule[]>(`/api/schedules?${query(range)}`, { signal }),
  });
}

/** `GET /api/schedules/mine?from=&to=` (tanod). */
export function useMySchedules(range: { from: string; to: string }) {
  useScheduleUpdates();
  return useQuery({
    queryKey: ['schedules', 'mine', range],
    queryFn: ({ signal }) => api<Schedule[]>(`/api/schedules/mine?${query(range)}`, { signal }),
  });
}

/** The active areas to choose from (the same list and cache key as the areas page). */
export function useAreaChoices() {
  return useQuery({
    queryKey: ['patrol-areas', { includeRetired: true }],
    queryFn: ({ signal }) => api<PatrolArea[]>('/api/patrol-areas?includeRetired=true', { signal }),
    select: (areas) => areas.filter((area) => area.active),
  });
}

/** The tanods an admin may schedule (`/api/auth/users` lists only tanods for admins). */
export function useTanodChoices() {
  return useQuery({
    queryKey: ['users', 'messageable'],
    queryFn: ({ signal }) => api<{ users: UserSummary[] }>('/api/auth/users', { signal }),
    select: (data) => data.users.filter((user) => user.userType === 'tanod'),
  });
}

export const invalidateSchedules = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['schedules'] });

export const createSchedule = (body: CreateScheduleRequest) =>
  api<CreateSchedulesResponse>('/api/schedules', { method: 'POST', body });

export const updateSchedule = (id: string, scope: ScheduleScope, body: UpdateScheduleRequest) =>
  api<CreateSchedulesResponse>(`/api/schedules/${encodeURIComponent(id)}?scope=${scope}`, { method: 'PATCH', body });

export const deleteSchedule = (id: string, scope: ScheduleScope) =>
  api<DeleteSchedulesResponse>(`/api/schedules/${encodeURIComponent(id)}?scope=${scope}`, { method: 'DELETE' });
