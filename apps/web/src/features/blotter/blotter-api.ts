import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AmendBlotterEntry,
  AmendPartyPhone,
  BlotterDraft,
  BlotterEntry,
  BlotterListResponse,
  BlotterStatus,
  CopyRequest,
  CreateBlotterEntry,
  Hearing,
  HearingOutcomeInput,
  ScheduleHearing,
  StaffUser,
  UserList,
} from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

/** The blotter's calls (server module `blotter`, docs/decisions/026-the-blotter.md). */

const BLOTTER_KEY = ['blotter'] as const;
const enc = encodeURIComponent;

export interface BlotterFilters {
  q: string;
  status: BlotterStatus | '';
  from: string;
  to: string;
}

function listPath(filters: BlotterFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/api/blotter${query ? `?${query}` : ''}`;
}

export function useBlotterList(filters: BlotterFilters) {
  return useInfiniteQuery({
    queryKey: [...BLOTTER_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) => api<BlotterListResponse>(listPath(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useBlotterEntry(id: string) {
  return useQuery({ queryKey: [...BLOTTER_KEY, 'entry', id], queryFn: ({ signal }) => api<BlotterEntry>(`/api/blotter/${enc(id)}`, { signal }) });
}

export function useBlotterDraft(incidentId: string | null) {
  return useQuery({
    queryKey: [...BLOTTER_KEY, 'draft', incidentId],
    queryFn: ({ signal }) => api<BlotterDraft>(`/api/blotter/draft?incidentId=${enc(incidentId!)}`, { signal }),
    enabled: Boolean(incidentId),
    // A draft is read once when the form opens; the admin edits it from there.
    staleTime: Infinity,
  });
}

export function useHearings(range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...BLOTTER_KEY, 'hearings', range],
    queryFn: ({ signal }) => api<{ items: Hearing[] }>(`/api/blotter/hearings?from=${enc(range.from)}&to=${enc(range.to)}`, { signal }).then((data) => data.items),
  });
}

export function useCopyRequests() {
  return useQuery({
    queryKey: [...BLOTTER_KEY, 'copy-requests'],
    queryFn: ({ signal }) => api<{ items: CopyRequest[] }>('/api/blotter/copy-requests?status=pending', { signal }).then((data) => data.items),
  });
}

/**
 * The staff who may mediate a hearing: the active admins and tanods of the users list (its first
 * 100 by name; a barangay's staff is smaller than that).
 */
export function useMediators() {
  return useQuery({
    queryKey: [...BLOTTER_KEY, 'mediators'],
    queryFn: async ({ signal }): Promise<StaffUser[]> => {
      // An admin who may not list the admins (only the supadmin manages them) still gets the tanods.
      const lists = await Promise.allSettled(
        (['admin', 'tanod'] as const).map((role) => api<UserList>(`/api/users?role=${role}&status=active&limit=100`, { signal })),
      );
      const found = lists.flatMap((list) => (list.status === 'fulfilled' ? list.value.items : []));
      const tanods = lists[1]!;
      if (found.length === 0 && tanods.status === 'rejected') throw tanods.reason;
      return found;
    },
    staleTime: 60_000,
  });
}

export const recordEntry = (body: CreateBlotterEntry) => api<BlotterEntry>('/api/blotter', { method: 'POST', body });
export const amendEntry = (id: string, body: AmendBlotterEntry) => api<BlotterEntry>(`/api/blotter/${enc(id)}/amendments`, { method: 'POST', body });
export const amendPartyPhone = (id: string, body: AmendPartyPhone) => api<BlotterEntry>(`/api/blotter/${enc(id)}/party-phones`, { method: 'POST', body });
export const setConfidential = (id: string, confidential: boolean) =>
  api<BlotterEntry>(`/api/blotter/${enc(id)}/confidential`, { method: 'POST', body: { confidential } });
export const scheduleHearing = (id: string, body: ScheduleHearing) => api<BlotterEntry>(`/api/blotter/${enc(id)}/hearings`, { method: 'POST', body });
export const recordOutcome = (hearingId: string, body: HearingOutcomeInput) =>
  api<BlotterEntry>(`/api/blotter/hearings/${enc(hearingId)}/outcome`, { method: 'POST', body });
export const decideCopyRequest = (id: string, approve: boolean, reason?: string) =>
  api<CopyRequest>(`/api/blotter/copy-requests/${enc(id)}/decision`, { method: 'POST', body: { approve, ...(reason ? { reason } : {}) } });
/** Every write refetches what the blotter shows: lists, the entry, the calendar, the requests. */
export function useRefreshBlotter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: BLOTTER_KEY });
}

export { downloadCertifiedCopy } from './my-blotter-api.ts';
