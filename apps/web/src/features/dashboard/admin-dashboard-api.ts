import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDashboard, PerformancePeriodKind } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useRefetchOn } from '@/lib/realtime.tsx';

const ADMIN_DASHBOARD_KEY = ['dashboard', 'admin'] as const;

/** Every event that moves one of the dashboard's figures. */
const ADMIN_DASHBOARD_EVENTS = [
  'incident:created',
  'incident:updated',
  'assistance:created',
  'assistance:updated',
  'tracking:status',
  'schedule:updated',
  'loan:updated',
] as const;

const fetchAdminDashboard = (period: PerformancePeriodKind, signal?: AbortSignal) =>
  api<AdminDashboard>(`/api/dashboard/admin?period=${encodeURIComponent(period)}`, { signal });

/**
 * `GET /api/dashboard/admin`, kept live without polling (docs/product.md §7, §8): every event that moves a
 * figure (a report or an incident change, a backup call or its decision, a patrol starting or
 * ending, a schedule or loan change) refetches it once, debounced, since entity events are thin.
 * What changes by the clock alone (a shift starts, a loan falls due, the day turns) has no event:
 * the server says when the next such change is, and the page refetches then, once.
 */
export function useAdminDashboard(period: PerformancePeriodKind) {
  const queryClient = useQueryClient();
  useRefetchOn(ADMIN_DASHBOARD_KEY, ADMIN_DASHBOARD_EVENTS);
  const query = useQuery({
    queryKey: [...ADMIN_DASHBOARD_KEY, period],
    queryFn: ({ signal }) => fetchAdminDashboard(period, signal),
    placeholderData: (previous) => previous,
  });

  const nextChangeAt = query.data?.nextChangeAt;
  useEffect(() => {
    if (!nextChangeAt) return;
    // A second late, so the server's clock has surely passed the change; timers cap at ~24.8 days.
    const wait = Math.min(new Date(nextChangeAt).getTime() - Date.now() + 1000, 2 ** 31 - 1);
    const handle = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ADMIN_DASHBOARD_KEY }), Math.max(wait, 1000));
    return () => clearTimeout(handle);
  }, [nextChangeAt, queryClient]);

  return query;
}
