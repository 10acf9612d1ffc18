import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useLingui } from '@lingui/react/macro';
import { useLeafletMap } from '@/components/map/map-context.ts';

/** The tanod's own position: a dot and the GPS accuracy circle. The map centres on the first fix. */
export function MyPositionLayer({ position }: { position: { lat: number; lng: number; accuracy: number } | null }) {
  const { t } = useLingui();
  const label = t`You are here`;
  const map = useLeafletMap();
  const dot = useRef<L.CircleMarker | null>(null);
  const circle = useRef<L.Circle | null>(null);
  const centred = useRef(false);

  useEffect(() => {
    return () => {
      dot.current?.remove();
      circle.current?.remove();
      dot.current = null;
      circle.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (!position) return;
    const at: L.LatLngTuple = [position.lat, position.lng];
    const radius = Math.max(position.accuracy, 1);
    if (!dot.current || !circle.current) {
      circle.current = L.circle(at, { radius, color: '#2563eb', weight: 1, fillOpacity: 0.12, interactive: false }).addTo(map);
      dot.current = L.circleMarker(at, { radius: 8, color: '#fff', weight: 3, fillColor: '#2563eb', fillOpacity: 1 })
        .bindTooltip(label)
        .addTo(map);
    } else {
      circle.current.setLatLng(at).setRadius(radius);
      dot.current.setLatLng(at).setTooltipContent(label);
    }
    if (!centred.current) {
      centred.current = true;
      map.setView(at, Math.max(map.getZoom(), 16));
    }
  }, [map, position, label]);

  return null;
}
