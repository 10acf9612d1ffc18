import { useEffect } from 'react';
import L from 'leaflet';
import type { PatrolArea, Polygon } from '@bantay/shared';
import { useLeafletMap } from '@/components/map/map-context.ts';
import { polygonLatLngs } from '@/components/map/map-geometry.ts';

/** Patrol areas drawn in their colours with their names; `fit` brings them into view once. */
export function AreaOutlinesLayer({ areas, fit = false }: { areas: Pick<PatrolArea, '_id' | 'name' | 'color' | 'polygon'>[]; fit?: boolean }) {
  const map = useLeafletMap();
  useEffect(() => {
    const group = L.featureGroup();
    for (const area of areas) {
      L.polygon(polygonLatLngs(area.polygon as Polygon), {
        color: area.color,
        weight: 2,
        fillColor: area.color,
        fillOpacity: 0.12,
        bubblingMouseEvents: true,
      })
        .bindTooltip(area.name, { sticky: true })
        .addTo(group);
    }
    group.addTo(map);
    group.bringToBack();
    if (fit && areas.length > 0) map.fitBounds(group.getBounds(), { padding: [24, 24], maxZoom: 17 });
    return () => {
      group.remove();
    };
  }, [map, areas, fit]);
  return null;
}
