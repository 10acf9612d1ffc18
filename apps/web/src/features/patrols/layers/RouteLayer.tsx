import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useLeafletMap } from '@/components/map/map-context.ts';

/**
 * A patrol's route: the points in time order as a line, a dot where it started. When a patrol is
 * chosen (a new `fitKey`) the map fits the route it has by then; later points of a live route
 * extend the line without moving the map under the admin's eyes.
 */
export function RouteLayer({ points, color, fitKey }: { points: { lat: number; lng: number }[]; color: string; fitKey?: string }) {
  const map = useLeafletMap();
  const fitted = useRef<string | undefined>(undefined);
  useEffect(() => {
    const latLngs = points.map((point) => [point.lat, point.lng] as L.LatLngTuple);
    const firstDraw = fitKey !== fitted.current;
    fitted.current = fitKey;
    if (latLngs.length === 0) return;
    const group = L.featureGroup([
      L.polyline(latLngs, { color, weight: 4, opacity: 0.85, interactive: false }),
      L.circleMarker(latLngs[0]!, { radius: 6, color: '#fff', weight: 2, fillColor: color, fillOpacity: 1, interactive: false }),
    ]).addTo(map);
    if (firstDraw && latLngs.length >= 2) map.fitBounds(group.getBounds(), { padding: [32, 32], maxZoom: 18 });
    return () => {
      group.remove();
    };
  }, [map, points, color, fitKey]);
  return null;
}
