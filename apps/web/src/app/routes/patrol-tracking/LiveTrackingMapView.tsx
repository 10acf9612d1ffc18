import { useMemo } from 'react';
import type { LivePosition, PatrolArea, TrackPoint } from '@bantay/shared';
import StaffMap from '@/components/map/StaffMap.tsx';
import { AreaOutlinesLayer } from '@/features/patrols/layers/AreaOutlinesLayer.tsx';
import { RouteLayer } from '@/features/patrols/layers/RouteLayer.tsx';
import { TanodMarkersLayer } from '@/features/patrols/layers/TanodMarkersLayer.tsx';

export interface LiveTrackingMapViewProps {
  areas: PatrolArea[];
  positions: LivePosition[];
  now: number;
  selected: LivePosition | null;
  route: TrackPoint[];
  /** The chosen patrol's route has loaded: the map fits it once then. */
  routeLoaded: boolean;
  onSelect(userId: string): void;
}

/**
 * The admin's live map on /Patrol&incidenttracking, loaded on demand: the areas, a marker per
 * tanod on patrol and the chosen tanod's route so far. The incident layers join as children.
 */
export default function LiveTrackingMapView({ areas, positions, now, selected, route, routeLoaded, onSelect }: LiveTrackingMapViewProps) {
  const routeColor = selected?.patrolArea?.color ?? '#15803d';
  const points = useMemo(() => route.map(({ lat, lng }) => ({ lat, lng })), [route]);
  return (
    <StaffMap label="Tanods on patrol and the patrol areas" className="h-96 lg:h-[36rem]" testId="live-map">
      <AreaOutlinesLayer areas={areas} />
      {selected?.patrolId && <RouteLayer points={points} color={routeColor} fitKey={routeLoaded ? selected.patrolId : undefined} />}
      <TanodMarkersLayer positions={positions} now={now} selectedId={selected?.userId ?? null} onSelect={onSelect} />
    </StaffMap>
  );
}
