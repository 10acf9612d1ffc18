import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePatrolAreaRequest,
  DeletePatrolAreaResponse,
  PatrolArea,
  Polygon,
  UpdatePatrolAreaRequest,
} from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

/** Shared with the schedules and patrols features' own calls of the same list (same key, one cache). */
const PATROL_AREAS_KEY = ['patrol-areas', { includeRetired: true }] as const;

export function usePatrolAreas() {
  return useQuery({
    queryKey: PATROL_AREAS_KEY,
    queryFn: ({ signal }) => api<PatrolArea[]>('/api/patrol-areas?includeRetired=true', { signal }),
  });
}

function useAreaMutation<Input, Result>(call: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Schedules show the area's name and colour: refresh them too.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => ['patrol-areas', 'schedules'].includes(String(query.queryKey[0])) }),
  });
}

export const useCreateArea = () =>
  useAreaMutation((body: CreatePatrolAreaRequest) => api<PatrolArea>('/api/patrol-areas', { method: 'POST', body }));

export const useUpdateArea = () =>
  useAreaMutation(({ id, body }: { id: string; body: UpdatePatrolAreaRequest }) =>
    api<PatrolArea>(`/api/patrol-areas/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  );

export const useRetireArea = () =>
  useAreaMutation((id: string) => api<DeletePatrolAreaResponse>(`/api/patrol-areas/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** `PUT /api/settings/boundary` (supadmin). The page reloads the public settings afterwards. */
export const saveBoundary = (boundary: Polygon | null) =>
  api<{ boundary: Polygon | null }>('/api/settings/boundary', { method: 'PUT', body: { boundary } });
