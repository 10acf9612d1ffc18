import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CameraListResponse } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

/** Every CCTV camera, by name (`GET /api/cameras`, staff). */
const CAMERAS_KEY = ['cameras'] as const;

const fetchCameras = (signal?: AbortSignal) => api<CameraListResponse>('/api/cameras', { signal });

export function useCameraList(enabled = true) {
  return useQuery({
    queryKey: CAMERAS_KEY,
    queryFn: ({ signal }) => fetchCameras(signal),
    // Cameras change rarely and raise no socket event; an admin's own change refetches at once.
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** After an add, edit, move or removal. */
export function useRefreshCameras() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CAMERAS_KEY });
}
