import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AssistanceRequest, Camera, IncidentListItem, LivePosition, PatrolArea, TrackPoint } from '@bantay/shared';
import StaffMap from '@/components/map/StaffMap.tsx';
import BackupMarkersLayer from '@/features/assistance/BackupMarkersLayer.tsx';
import CameraLayer from '@/features/cameras/CameraLayer.tsx';
import type { CameraLayerEditing } from '@/features/cameras/use-camera-editor.ts';
import IncidentMarkersLayer from '@/features/incidents/IncidentMarkersLayer.tsx';
import { AreaOutlinesLayer } from '@/features/patrols/layers/AreaOutlinesLayer.tsx';
import { RouteLayer } from '@/features/patrols/layers/RouteLayer.tsx';
import { TanodMarkersLayer } from '@/features/patrols/layers/TanodMarkersLayer.tsx';

interface TrackingMapViewProps {
  incidents: IncidentListItem[];
  backupRequests: AssistanceRequest[];
  cameras: Camera[];
  /** The cameras feature while an admin manages cameras: drag, select, pick a place. */
  cameraEditing?: CameraLayerEditing;
  onSelectIncident(id: string): void;
  /** The patrols feature's live layer: areas, a marker per tanod on patrol, the chosen route. */
  patrols: {
    areas: PatrolArea[];
    positions: LivePosition[];
    now: number;
    selected: LivePosition | null;
    route: TrackPoint[];
    /** The chosen patrol's route has loaded: the map fits it once then. */
    routeLoaded: boolean;
    onSelect(userId: string): void;
  };
}

/**
 * The admin's live map on /Patrol&incidenttracking, loaded lazily with Leaflet: open incidents
 * (clustered, red emergency, blue normal), open backup requests and cameras, and the patrols
 * feature's areas, live tanod markers and the chosen tanod's route.
 */
export default function TrackingMapView({ incidents, backupRequests, cameras, cameraEditing, onSelectIncident, patrols }: TrackingMapViewProps) {
  const { t } = useLingui();
  const { selected } = patrols;
  const routePoints = useMemo(() => patrols.route.map(({ lat, lng }) => ({ lat, lng })), [patrols.route]);
  return (
    <StaffMap label={t`Open incidents, backup requests and cameras`} testId="tracking-map" className="h-[28rem] lg:h-[calc(100dvh-16rem)]">
      <AreaOutlinesLayer areas={patrols.areas} />
      {selected?.patrolId && (
        <RouteLayer points={routePoints} color={selected.patrolArea?.color ?? '#15803d'} fitKey={patrols.routeLoaded ? selected.patrolId : undefined} />
      )}
      <CameraLayer cameras={cameras} editing={cameraEditing} />
      <IncidentMarkersLayer incidents={incidents} onSelect={onSelectIncident} cluster />
      <BackupMarkersLayer requests={backupRequests} />
      <TanodMarkersLayer positions={patrols.positions} now={patrols.now} selectedId={selected?.userId ?? null} onSelect={patrols.onSelect} />
    </StaffMap>
  );
}
