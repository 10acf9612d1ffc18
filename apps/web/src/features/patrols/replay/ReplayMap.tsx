import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { useLingui } from '@lingui/react/macro';
import type { PatrolArea } from '@bantay/shared';
import StaffMap from '@/components/map/StaffMap.tsx';
import { useLeafletMap } from '@/components/map/map-context.ts';
import { AreaOutlinesLayer } from '../layers/AreaOutlinesLayer.tsx';
import { frameAt, type TimedPoint } from './replay-logic.ts';

export interface ReplayMapProps {
  points: TimedPoint[];
  time: number;
  color: string;
  area: Pick<PatrolArea, '_id' | 'name' | 'color' | 'polygon'> | null;
  patrolId: string;
}

/** The whole route faint, the part walked by `time` strong, and a dot where the tanod was then. */
function ReplayLayer({ points, time, color, patrolId }: Omit<ReplayMapProps, 'area'>) {
  const map = useLeafletMap();
  const walkedLine = useRef<L.Polyline | null>(null);
  const dot = useRef<L.CircleMarker | null>(null);

  useEffect(() => {
    const latLngs = points.map((point) => [point.lat, point.lng] as L.LatLngTuple);
    const full = L.polyline(latLngs, { color, weight: 3, opacity: 0.3, dashArray: '4 6', interactive: false }).addTo(map);
    walkedLine.current = L.polyline([], { color, weight: 5, opacity: 0.9, interactive: false }).addTo(map);
    dot.current = L.circleMarker(latLngs[0] ?? [0, 0], { radius: 9, color: '#fff', weight: 3, fillColor: color, fillOpacity: 1 }).addTo(map);
    if (latLngs.length > 0) map.fitBounds(full.getBounds(), { padding: [32, 32], maxZoom: 18 });
    return () => {
      full.remove();
      walkedLine.current?.remove();
      dot.current?.remove();
    };
    // A new patrol (its id) redraws; the points of one patrol do not change during a replay.
  }, [map, points, color, patrolId]);

  useEffect(() => {
    const frame = frameAt(points, time);
    walkedLine.current?.setLatLngs(frame.walked.map((point) => [point.lat, point.lng] as L.LatLngTuple));
    if (frame.current) dot.current?.setLatLng([frame.current.lat, frame.current.lng]);
  }, [points, time]);

  return null;
}

/** The replay's map, loaded on demand. */
export default function ReplayMap({ area, ...props }: ReplayMapProps) {
  const { t } = useLingui();
  const areas = useMemo(() => (area ? [area] : []), [area]);
  return (
    <StaffMap label={t`Patrol replay map`} className="h-80 lg:h-[28rem]" testId="replay-map">
      <AreaOutlinesLayer areas={areas} />
      <ReplayLayer {...props} />
    </StaffMap>
  );
}
