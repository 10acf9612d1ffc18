import { pointInPolygon } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { DEMO_BOUNDARY } from '../../db/seed/demo-settings.ts';
import { insertCamera, listCameras } from './cameras.repository.ts';

/** A handful of cameras inside the demo boundary, near where the demo incidents happen. */
const DEMO_CAMERAS = [
  { name: 'Chapel gate', description: 'Faces the chapel plaza and the gate across it.', lat: 14.7368, lng: 121.0508, viewingUrl: 'http://192.168.10.21/live', ownerContact: 'Parish office, 0917 555 0101' },
  { name: 'Barangay hall', description: 'Front of the hall and the parking area.', lat: 14.7332, lng: 121.0519, viewingUrl: 'http://192.168.10.22/live', ownerContact: 'Barangay secretary, 0917 555 0102' },
  { name: 'Talipapa market entrance', description: 'Main aisle of the wet market.', lat: 14.7305, lng: 121.0446, viewingUrl: null, ownerContact: 'Market administrator, 0918 555 0103' },
  { name: 'Highway crossing', description: 'Pedestrian crossing by the gas station, both lanes.', lat: 14.7381, lng: 121.0437, viewingUrl: null, ownerContact: 'Gas station manager, 0919 555 0104' },
  { name: 'Basketball court', description: 'Court and the houses along Purok 4.', lat: 14.7345, lng: 121.0479, viewingUrl: 'http://192.168.10.25/live', ownerContact: 'SK chairperson, 0920 555 0105' },
  { name: 'Elementary school gate', description: 'School gate and the tricycle stop.', lat: 14.7257, lng: 121.0492, viewingUrl: null, ownerContact: 'School principal, 0921 555 0106' },
];

/** Idempotent: a camera whose name exists is left alone. */
export async function seedDemoCameras(deps: AppDeps): Promise<void> {
  const existing = new Set((await listCameras(deps.db, 1000)).map((camera) => camera.name));
  const now = deps.clock.now();
  for (const camera of DEMO_CAMERAS) {
    if (!pointInPolygon(camera, DEMO_BOUNDARY)) throw new Error(`demo camera ${camera.name} is outside the demo boundary`);
    if (existing.has(camera.name)) continue;
    await insertCamera(deps.db, { ...camera, createdAt: now, updatedAt: now });
  }
}
