import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyList, CreateApiKey, CreatedApiKey } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

const API_KEYS_KEY = ['api-keys'] as const;

/** GET /api/api-keys (supadmin): every key, those in use first, then the revoked, each newest first. */
export function useApiKeys() {
  return useQuery({ queryKey: API_KEYS_KEY, queryFn: ({ signal }) => api<ApiKeyList>('/api/api-keys', { signal }) });
}

export function useRefreshApiKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
}

/** POST /api/api-keys: the answer holds the key itself, the only time it is shown. */
export const createApiKey = (body: CreateApiKey) => api<CreatedApiKey>('/api/api-keys', { method: 'POST', body });

/** DELETE /api/api-keys/{id}: the key stops working at once (204). */
export const revokeApiKey = (id: string) => api<void>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
