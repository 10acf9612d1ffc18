import { useEffect, useRef } from 'react';
import L from 'leaflet';
// The plugin extends the global L that Leaflet's bundle sets, so it comes after Leaflet.
import 'leaflet.heat';
import { useLingui } from '@lingui/react/macro';
import type { HeatPoint } from '@bantay/shared';
import StaffMap from '@/components/map/StaffMap.tsx';
import { useLeafletMap } from '@/components/map/map-context.ts';

/** The heat layer: each ~50 m cell weighs its incident count against the busiest cell. */
function HeatLayer({ points }: { points: HeatPoint[] }) {
  const map = useLeafletMap();
  const layer = useRef<L.HeatLayer | null>(null);

  useEffect(() => {
    const created = L.heatLayer([], { radius: 22, blur: 18, maxZoom: 17, minOpacity: 0.35 }).addTo(map);
    layer.current = created;
    return () => {
      created.remove();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    const max = points.reduce((most, point) => Math.max(most, point.weight), 1);
    layer.current?.setLatLngs(points.map((point) => [point.lat, point.lng, point.weight / max] as L.HeatLatLngTuple));
  }, [points, map]);

  return null;
}

/**
 * The incident heat map on the staff map base (decision 007): loaded lazily with Leaflet and the
 * heat plugin, only on the admin dashboard.
 */
export default function AdminHeatMap({ points }: { points: HeatPoint[] }) {
  const { t } = useLingui();
  return (
    <StaffMap label={t`Incident heat map`} className="h-72 lg:h-96" testId="admin-heat-map">
      <HeatLayer points={points} />
    </StaffMap>
  );
}
