import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDashboard, PerformancePeriodKind } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useSocketEvent } from '@/lib/realtime.tsx';

export const ADMIN_DASHBOARD_KEY = ['dashboard', 'admin'] as const;

/** Events close together (a report, then its claim) cause one refetch, this long after the first. */
export const ADMIN_DASHBOARD_DEBOUNCE_MS = 400;

export const fetchAdminDashboard = (period: PerformancePeriodKind, signal?: AbortSignal) =>
  api<AdminDashboard>(`/api/dashboard/admin?period=${encodeURIComponent(period)}`, { signal });

/**
 * `GET /api/dashboard/admin`, kept live without polling (product §7, §8): every event that moves a
 * figure (a report or an incident change, a backup call or its decision, a patrol starting or
 * ending, a schedule or loan change) refetches it once, debounced, since entity events are thin.
 * What changes by the clock alone (a shift starts, a loan falls due, the day turns) has no event:
 * the server says when the next such change is, and the page refetches then, once.
 */
export function useAdminDashboard(period: PerformancePeriodKind) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: ADMIN_DASHBOARD_KEY });
    }, ADMIN_DASHBOARD_DEBOUNCE_MS);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useSocketEvent('incident:created', refresh);
  useSocketEvent('incident:updated', refresh);
  useSocketEvent('assistance:created', refresh);
  useSocketEvent('assistance:updated', refresh);
  useSocketEvent('tracking:status', refresh);
  useSocketEvent('schedule:updated', refresh);
  useSocketEvent('loan:updated', refresh);

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
