import { useInfiniteQuery } from '@tanstack/react-query';
import type { FailedDeliveryList } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

export const FAILED_DELIVERIES_KEY = ['deliveries', 'failed'] as const;
const PAGE_SIZE = 25;

/** GET /api/deliveries/failed (supadmin): the alerts the server gave up on, newest first, a page at a time. */
export function useFailedDeliveries() {
  return useInfiniteQuery({
    queryKey: FAILED_DELIVERIES_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return api<FailedDeliveryList>(`/api/deliveries/failed?${params}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** POST /api/deliveries/{id}/retry: the delivery gets a new round of tries (204). */
export const retryDelivery = (id: string) => api<void>(`/api/deliveries/${encodeURIComponent(id)}/retry`, { method: 'POST' });
