import { useMemo } from 'react';
import type { AssistanceRequest } from '@bantay/shared';
import { MARKER_COLORS, pinIcon } from '@/components/map/markers.ts';
import { useMarkerLayer } from '@/components/map/use-marker-layer.ts';
import { fullName } from '@/lib/full-name.ts';

/** Open backup requests on a StaffMap: amber pins marked "B". Import only from lazy map modules. */
export default function BackupMarkersLayer({ requests }: { requests: AssistanceRequest[] }) {
  const markers = useMemo(
    () =>
      requests.map((request) => ({
        id: request._id,
        lat: request.location.lat,
        lng: request.location.lng,
        icon: pinIcon({ color: MARKER_COLORS.backup, glyph: 'B' }),
        title: `Backup requested by ${fullName(request.requester)}: ${request.reason}`,
        urgent: request.status === 'pending',
        zIndexOffset: 1500,
      })),
    [requests],
  );
  useMarkerLayer(markers);
  return null;
}
