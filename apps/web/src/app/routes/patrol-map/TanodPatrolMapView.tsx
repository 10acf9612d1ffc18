import { useMemo } from 'react';
import type { PatrolArea } from '@bantay/shared';
import StaffMap from '@/components/map/StaffMap.tsx';
import { AreaOutlinesLayer } from '@/features/patrols/layers/AreaOutlinesLayer.tsx';
import { MyPositionLayer } from '@/features/patrols/layers/MyPositionLayer.tsx';

export interface TanodPatrolMapViewProps {
  area: PatrolArea | null;
  position: { lat: number; lng: number; accuracy: number } | null;
}

/**
 * The tanod's /Patrolmap map, loaded on demand: the patrol layers (my area, my position and its
 * accuracy circle). The incident layers of the incidents feature join here as further children.
 */
export default function TanodPatrolMapView({ area, position }: TanodPatrolMapViewProps) {
  const areas = useMemo(() => (area ? [area] : []), [area]);
  return (
    <StaffMap label="My patrol area and position" className="h-72 sm:h-96 lg:h-[32rem]" testId="patrol-map">
      <AreaOutlinesLayer areas={areas} fit={!position} />
      <MyPositionLayer position={position} />
    </StaffMap>
  );
}
