import type { Camera, UpdateCameraRequest } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

/** `PATCH /api/cameras/{id}` (admin): only the fields sent change; null clears an optional one. */
export const updateCamera = (id: string, body: UpdateCameraRequest) => api<Camera>(`/api/cameras/${encodeURIComponent(id)}`, { method: 'PATCH', body });
