import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CreateStaffUser, CreatedStaffUser, OneTimePassword, StaffHandoff, StaffRole, StaffUser, UpdateStaffUser, UserList, UserSort } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

export interface StaffListFilter {
  role: StaffRole;
  status: 'active' | 'deactivated' | 'all';
  q: string;
  sort: UserSort;
}

export const STAFF_KEY = ['users'] as const;
const PAGE_SIZE = 20;

/** GET /api/users, a page at a time ("Load more" follows nextCursor). */
export function useStaffList(filter: StaffListFilter) {
  return useInfiniteQuery({
    queryKey: [...STAFF_KEY, filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ role: filter.role, sort: filter.sort, limit: String(PAGE_SIZE) });
      if (filter.status !== 'all') params.set('status', filter.status);
      if (filter.q.trim()) params.set('q', filter.q.trim());
      if (pageParam) params.set('cursor', pageParam);
      return api<UserList>(`/api/users?${params}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** GET /api/users/{id}/handoff: what deactivating the account leaves behind; always fresh when the dialog opens. */
export function useStaffHandoff(id: string) {
  return useQuery({
    queryKey: [...STAFF_KEY, id, 'handoff'],
    queryFn: ({ signal }) => api<StaffHandoff>(`/api/users/${encodeURIComponent(id)}/handoff`, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

export const createStaff = (input: CreateStaffUser) => api<CreatedStaffUser>('/api/users', { method: 'POST', body: input });
export const updateStaff = (id: string, input: UpdateStaffUser) => api<StaffUser>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
export const deactivateStaff = (id: string) => api<StaffUser>(`/api/users/${encodeURIComponent(id)}/deactivate`, { method: 'POST' });
export const reactivateStaff = (id: string) => api<StaffUser>(`/api/users/${encodeURIComponent(id)}/reactivate`, { method: 'POST' });
export const resetStaffPassword = (id: string) => api<OneTimePassword>(`/api/users/${encodeURIComponent(id)}/reset-password`, { method: 'POST' });

export function uploadStaffPhoto(id: string, file: File): Promise<StaffUser> {
  const form = new FormData();
  form.append('photo', file);
  return api<StaffUser>(`/api/users/${encodeURIComponent(id)}/photo`, { method: 'POST', body: form });
}
