import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AssistanceRequest } from '@bantay/shared';
import { MARKER_COLORS, pinIcon } from '@/components/map/markers.ts';
import { useMarkerLayer } from '@/components/map/use-marker-layer.ts';
import { fullName } from '@/lib/full-name.ts';

/** Open backup requests on a StaffMap: amber pins marked "B". Import only from lazy map modules. */
export default function BackupMarkersLayer({ requests }: { requests: AssistanceRequest[] }) {
  const { t } = useLingui();
  const markers = useMemo(
    () =>
      requests.map((request) => {
        const name = fullName(request.requester);
        const reason = request.reason;
        return {
          id: request._id,
          lat: request.location.lat,
          lng: request.location.lng,
          icon: pinIcon({ color: MARKER_COLORS.backup, glyph: 'B' }),
          title: t`Backup requested by ${name}: ${reason}`,
          urgent: request.status === 'pending',
          zIndexOffset: 1500,
        };
      }),
    [requests, t],
  );
  useMarkerLayer(markers);
  return null;
}
