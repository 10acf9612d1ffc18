import type { IncidentListItem } from '@bantay/shared';
import StaffMap from '@/components/map/StaffMap.tsx';
import IncidentMarkersLayer from '@/features/incidents/IncidentMarkersLayer.tsx';

interface PatrolMapViewProps {
  incidents: IncidentListItem[];
  selectedId: string | null;
  onSelect(id: string): void;
}

/**
 * The tanod's map on /Patrolmap, loaded lazily with Leaflet. Each feature adds its own layer here:
 * the incident markers now; the patrols feature adds the tanod's area and position as further
 * children of the same StaffMap.
 */
export default function PatrolMapView({ incidents, selectedId, onSelect }: PatrolMapViewProps) {
  return (
    <StaffMap label="Incidents on the map" testId="patrol-map" className="h-72 sm:h-96 lg:h-[calc(100dvh-11rem)]">
      <IncidentMarkersLayer incidents={incidents} selectedId={selectedId} onSelect={onSelect} />
    </StaffMap>
  );
}
