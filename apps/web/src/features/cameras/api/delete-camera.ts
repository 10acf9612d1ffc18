import { api } from '@/lib/api-client.ts';

/** `DELETE /api/cameras/{id}` (admin). */
export const deleteCamera = (id: string) => api<{ ok: true }>(`/api/cameras/${encodeURIComponent(id)}`, { method: 'DELETE' });
