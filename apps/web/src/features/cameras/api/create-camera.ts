import type { Camera, CreateCameraRequest } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

/** `POST /api/cameras` (admin). */
export const createCamera = (body: CreateCameraRequest) => api<Camera>('/api/cameras', { method: 'POST', body });
