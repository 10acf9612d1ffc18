import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AssistanceRequest, IncidentListItem, PatrolArea } from '@bantay/shared';
import StaffMap from '@/components/map/StaffMap.tsx';
import BackupMarkersLayer from '@/features/assistance/BackupMarkersLayer.tsx';
import IncidentMarkersLayer from '@/features/incidents/IncidentMarkersLayer.tsx';
import { AreaOutlinesLayer } from '@/features/patrols/layers/AreaOutlinesLayer.tsx';
import { MyPositionLayer } from '@/features/patrols/layers/MyPositionLayer.tsx';

interface PatrolMapViewProps {
  incidents: IncidentListItem[];
  selectedId: string | null;
  onSelect(id: string): void;
  /** The patrols feature: the tanod's area (of the patrol, or the shift to start) and position. */
  area: PatrolArea | null;
  position: { lat: number; lng: number; accuracy: number } | null;
  /** The assistance feature: open backup calls I was sent to or made. */
  backupRequests: AssistanceRequest[];
}

/**
 * The tanod's map on /Patrolmap, loaded lazily with Leaflet. Each feature adds its own layer here:
 * the patrols feature's area and position under the incident markers.
 */
export default function PatrolMapView({ incidents, selectedId, onSelect, area, position, backupRequests }: PatrolMapViewProps) {
  const { t } = useLingui();
  const areas = useMemo(() => (area ? [area] : []), [area]);
  return (
    <StaffMap label={t`Incidents on the map`} testId="patrol-map" className="h-72 sm:h-96 lg:h-[calc(100dvh-11rem)]">
      <AreaOutlinesLayer areas={areas} fit={!position} />
      <MyPositionLayer position={position} />
      <IncidentMarkersLayer incidents={incidents} selectedId={selectedId} onSelect={onSelect} />
      <BackupMarkersLayer requests={backupRequests} />
    </StaffMap>
  );
}
