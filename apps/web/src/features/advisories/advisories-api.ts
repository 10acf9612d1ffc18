import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Advisory, AdvisoryList, CreateAdvisoryRequest, PatrolArea, UpdateAdvisoryRequest } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

const ADVISORIES_KEY = ['advisories'] as const;

/** `GET /api/advisories` (admins): drafts, scheduled, active and ended, newest start first. */
export function useAdvisories() {
  return useQuery({ queryKey: ADVISORIES_KEY, queryFn: ({ signal }) => api<AdvisoryList>('/api/advisories', { signal }) });
}

export function useRefreshAdvisories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADVISORIES_KEY });
}

export const createAdvisory = (body: CreateAdvisoryRequest) => api<Advisory>('/api/advisories', { method: 'POST', body });
export const updateAdvisory = (id: string, body: UpdateAdvisoryRequest) =>
  api<Advisory>(`/api/advisories/${encodeURIComponent(id)}`, { method: 'PATCH', body });
/** A draft (read from an outside CAP feed) goes public as it stands. */
export const publishAdvisory = (id: string) => api<Advisory>(`/api/advisories/${encodeURIComponent(id)}/publish`, { method: 'POST' });
export const deleteAdvisory = (id: string) => api<unknown>(`/api/advisories/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * The patrol areas an advisory may name, retired ones too (an advisory keeps what it was written
 * for). The same key as the patrol-areas feature's list, so both share one cached copy.
 */
export function usePatrolAreaChoices() {
  return useQuery({
    queryKey: ['patrol-areas', { includeRetired: true }],
    queryFn: ({ signal }) => api<PatrolArea[]>('/api/patrol-areas?includeRetired=true', { signal }),
  });
}
