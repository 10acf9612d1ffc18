import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TanodDashboard } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useSocketEvent } from '@/lib/realtime.tsx';

export const TANOD_DASHBOARD_KEY = ['dashboard', 'tanod'] as const;

export const fetchTanodDashboard = (signal?: AbortSignal) => api<TanodDashboard>('/api/dashboard/tanod', { signal });

/**
 * `GET /api/dashboard/tanod`, kept live by the socket (product §7, no polling): a report or an
 * incident change, a schedule change, one of my loans, or my patrol starting or ending refetches it.
 * Entity events are thin, so the answer is fetched again whole; it is a handful of small queries.
 */
export function useTanodDashboard() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: TANOD_DASHBOARD_KEY });
  useSocketEvent('incident:created', refresh);
  useSocketEvent('incident:updated', refresh);
  useSocketEvent('schedule:updated', refresh);
  useSocketEvent('loan:updated', refresh);
  useSocketEvent('tracking:status', refresh);
  return useQuery({ queryKey: TANOD_DASHBOARD_KEY, queryFn: ({ signal }) => fetchTanodDashboard(signal) });
}
