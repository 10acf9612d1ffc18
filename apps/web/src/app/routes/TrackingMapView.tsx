import type { AssistanceRequest, Camera, IncidentListItem } from '@bantay/shared';
import StaffMap from '@/components/map/StaffMap.tsx';
import BackupMarkersLayer from '@/features/assistance/BackupMarkersLayer.tsx';
import CameraMarkersLayer from '@/features/incidents/CameraMarkersLayer.tsx';
import IncidentMarkersLayer from '@/features/incidents/IncidentMarkersLayer.tsx';

interface TrackingMapViewProps {
  incidents: IncidentListItem[];
  backupRequests: AssistanceRequest[];
  cameras: Camera[];
  onSelectIncident(id: string): void;
}

/**
 * The admin's live map on /Patrol&incidenttracking, loaded lazily with Leaflet: open incidents
 * (clustered, red emergency, blue normal), open backup requests and cameras. The patrols feature
 * adds the live tanod markers and patrol areas as further children of the same StaffMap.
 */
export default function TrackingMapView({ incidents, backupRequests, cameras, onSelectIncident }: TrackingMapViewProps) {
  return (
    <StaffMap label="Open incidents, backup requests and cameras" testId="tracking-map" className="h-[28rem] lg:h-[calc(100dvh-16rem)]">
      <CameraMarkersLayer cameras={cameras} />
      <IncidentMarkersLayer incidents={incidents} onSelect={onSelectIncident} cluster />
      <BackupMarkersLayer requests={backupRequests} />
    </StaffMap>
  );
}
