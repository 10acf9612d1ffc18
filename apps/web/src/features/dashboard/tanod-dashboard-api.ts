import { useQuery } from '@tanstack/react-query';
import type { TanodDashboard } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useRefetchOn } from '@/lib/realtime.tsx';

const TANOD_DASHBOARD_KEY = ['dashboard', 'tanod'] as const;
const TANOD_DASHBOARD_EVENTS = ['incident:created', 'incident:updated', 'schedule:updated', 'loan:updated', 'tracking:status'] as const;

const fetchTanodDashboard = (signal?: AbortSignal) => api<TanodDashboard>('/api/dashboard/tanod', { signal });

/**
 * `GET /api/dashboard/tanod`, kept live by the socket (docs/product.md §7, no polling): a report or an
 * incident change, a schedule change, one of my loans, or my patrol starting or ending refetches it.
 * Entity events are thin, so the answer is fetched again whole; it is a handful of small queries.
 */
export function useTanodDashboard() {
  useRefetchOn(TANOD_DASHBOARD_KEY, TANOD_DASHBOARD_EVENTS, 0);
  return useQuery({ queryKey: TANOD_DASHBOARD_KEY, queryFn: ({ signal }) => fetchTanodDashboard(signal) });
}
