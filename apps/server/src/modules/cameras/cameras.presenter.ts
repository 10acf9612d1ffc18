import type { Camera } from '@bantay/shared';
import type { CameraRow } from '../../db/schema/index.ts';

export function presentCamera(row: CameraRow): Camera {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    location: { lat: row.lat, lng: row.lng },
    viewingUrl: row.viewingUrl,
    ownerContact: row.ownerContact,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
