import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type {
  IncidentDetail,
  IncidentListQuery,
  IncidentListResponse,
  NearestCamerasResponse,
} from '@bantay/shared';
import { api, API_BASE, ApiError } from '@/lib/api-client.ts';
import { storage } from '@/lib/storage.ts';
import { useRealtime } from '@/lib/realtime.tsx';
import { attachmentName, saveFile } from '@/lib/save-file.ts';

/**
 * The staff incident calls. Lists and details refresh when the socket says an incident
 * changed (IncidentAlerts invalidates INCIDENTS_KEY); while the socket is down they poll instead.
 */
export const INCIDENTS_KEY = ['incidents'] as const;
const FALLBACK_POLL_MS = 15_000;

export type IncidentFilters = Omit<IncidentListQuery, 'cursor'>;

/** The query string of a list call: empty values are left out. */
export function listSearch(filters: IncidentFilters, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, cursor })) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'near' && typeof value === 'object') {
      const point = value as { lat: number; lng: number };
      params.set('near', `${point.lat},${point.lng}`);
    } else if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page at a time, with "Load more" (cursor paging of the API). */
export function useIncidentPages(filters: IncidentFilters, enabled = true) {
  const { connected } = useRealtime();
  return useInfiniteQuery({
    queryKey: [...INCIDENTS_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) => api<IncidentListResponse>(`/api/incidents${listSearch(filters, pageParam)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: connected ? false : FALLBACK_POLL_MS,
    enabled,
  });
}

/** A single page (the queue, the map, the dashboard card). */
export function useIncidentList(filters: IncidentFilters, enabled = true) {
  const { connected } = useRealtime();
  return useQuery({
    queryKey: [...INCIDENTS_KEY, 'page', filters],
    queryFn: ({ signal }) => api<IncidentListResponse>(`/api/incidents${listSearch(filters)}`, { signal }),
    refetchInterval: connected ? false : FALLBACK_POLL_MS,
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useIncident(id: string | null) {
  const { connected } = useRealtime();
  return useQuery({
    queryKey: [...INCIDENTS_KEY, 'detail', id],
    queryFn: ({ signal }) => api<IncidentDetail>(`/api/incidents/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    refetchInterval: connected ? false : FALLBACK_POLL_MS,
  });
}

export function useNearestCameras(id: string | null) {
  return useQuery({
    queryKey: [...INCIDENTS_KEY, 'cameras', id],
    queryFn: ({ signal }) => api<NearestCamerasResponse>(`/api/incidents/${encodeURIComponent(id!)}/cameras`, { signal }),
    enabled: id !== null,
  });
}

const path = (id: string, step: string) => `/api/incidents/${encodeURIComponent(id)}/${step}`;
const post = (id: string, step: string, body: unknown = {}) => api<IncidentDetail>(path(id, step), { method: 'POST', body });

export const incidentSteps = {
  respond: (id: string) => post(id, 'respond'),
  assign: (id: string, tanodId: string) => post(id, 'assign', { tanodId }),
  resolve: (id: string, log: string) => post(id, 'resolve', { log }),
  reject: (id: string, reason: string) => post(id, 'reject', { reason }),
  falseAlarm: (id: string, reason: string) => post(id, 'false-alarm', { reason }),
  note: (id: string, text: string) => post(id, 'notes', { text }),
  confidential: (id: string, confidential: boolean) => post(id, 'confidential', { confidential }),
};

/** After a step: the answer is the fresh detail; lists refetch (the socket event will follow too). */
export function useApplyIncident() {
  const queryClient = useQueryClient();
  return (detail: IncidentDetail) => {
    queryClient.setQueryData([...INCIDENTS_KEY, 'detail', detail._id], detail);
    void queryClient.invalidateQueries({ queryKey: INCIDENTS_KEY });
  };
}

/**
 * Downloads the CSV export of the list's filters. The call needs the bearer token, so the file is
 * fetched here and handed to the browser as a download, rather than linked.
 */
export async function downloadIncidentsCsv(filters: IncidentFilters): Promise<void> {
  const token = storage.get('token');
  const response = await fetch(`${API_BASE}/api/incidents/export.csv${listSearch(filters)}`, {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, not prose
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, 'NETWORK', t`Cannot reach the server. Check your connection.`);
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(response.status, 'INTERNAL', body?.error?.message ?? t`The export failed. Please try again.`);
  }
  const blob = await response.blob();
  saveFile(blob, attachmentName(response, 'incidents.csv'));
}
