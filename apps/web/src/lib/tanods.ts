import { useQuery } from '@tanstack/react-query';
import type { UserSummary } from '@bantay/shared';
import { api } from './api-client.ts';

/**
 * The tanods an admin can assign to an incident or dispatch as backup. An admin's chat partners
 * (`GET /api/auth/users`) are exactly the tanods (docs/product.md §A5), so that list serves. Staff pages only.
 */
export function useTanods(enabled = true) {
  return useQuery({
    queryKey: ['users', 'tanods'],
    queryFn: async ({ signal }) => {
      const { users } = await api<{ users: UserSummary[] }>('/api/auth/users', { signal });
      return users.filter((user) => user.userType === 'tanod');
    },
    staleTime: 5 * 60_000,
    enabled,
  });
}
