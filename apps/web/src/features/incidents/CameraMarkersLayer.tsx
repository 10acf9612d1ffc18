import { useMemo } from 'react';
import type { Camera } from '@bantay/shared';
import { MARKER_COLORS, pinIcon } from '@/components/map/markers.ts';
import { useMarkerLayer } from '@/components/map/use-marker-layer.ts';

/** CCTV cameras on a StaffMap: small grey pins marked "C". Import only from lazy map modules. */
export default function CameraMarkersLayer({ cameras }: { cameras: Camera[] }) {
  const markers = useMemo(
    () =>
      cameras.map((camera) => ({
        id: camera._id,
        lat: camera.location.lat,
        lng: camera.location.lng,
        icon: pinIcon({ color: MARKER_COLORS.camera, glyph: 'C' }),
        title: `Camera: ${camera.name}${camera.ownerContact ? ` (${camera.ownerContact})` : ''}`,
        zIndexOffset: -500,
      })),
    [cameras],
  );
  useMarkerLayer(markers);
  return null;
}
