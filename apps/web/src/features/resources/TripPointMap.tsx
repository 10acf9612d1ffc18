import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useLingui } from '@lingui/react/macro';
import type { TripDestinationPoint } from '@bantay/shared';
import StaffMap from '@/components/map/StaffMap.tsx';
import { useLeafletMap } from '@/components/map/map-context.ts';
import { MARKER_COLORS, pinIcon } from '@/components/map/markers.ts';

export interface TripPointMapProps {
  label: string;
  point: TripDestinationPoint | null;
  /** Given: a click (or a drag of the pin) picks the point. Without it the map only shows it. */
  onPick?: (point: TripDestinationPoint) => void;
  className?: string;
}

/** Close enough to find the building, far enough to see the streets around it. */
const POINT_ZOOM = 16;

/** The trip's destination pin: placed by a click, moved by a drag, or just shown. */
function DestinationPin({ point, onPick }: Pick<TripPointMapProps, 'point' | 'onPick'>) {
  const map = useLeafletMap();
  const { t } = useLingui();
  const title = t`Trip destination`;
  const marker = useRef<L.Marker | null>(null);
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  });
  const picking = Boolean(onPick);

  useEffect(() => {
    if (!picking) return;
    const pick = (event: L.LeafletMouseEvent) => onPickRef.current?.({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) });
    map.on('click', pick);
    map.getContainer().style.cursor = 'crosshair';
    return () => {
      map.off('click', pick);
      map.getContainer().style.cursor = '';
    };
  }, [map, picking]);

  // A point known when the map opens (a trip shown) is brought close; one picked later is not:
  // the picker keeps the view it was tapped in.
  const initial = useRef(point);
  useEffect(() => {
    const start = initial.current;
    if (start) map.setView([start.lat, start.lng], Math.max(map.getZoom(), POINT_ZOOM));
  }, [map]);

  useEffect(() => {
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker([point.lat, point.lng], {
        icon: pinIcon({ color: MARKER_COLORS.normal }),
        draggable: picking,
        keyboard: false,
        title,
      }).addTo(map);
      marker.current.on('dragend', () => {
        const at = marker.current!.getLatLng();
        onPickRef.current?.({ lat: round(at.lat), lng: round(at.lng) });
      });
    } else {
      marker.current.setLatLng([point.lat, point.lng]);
      // The language may have changed since the pin was placed.
      marker.current.getElement()?.setAttribute('title', title);
    }
    if (!map.getBounds().contains([point.lat, point.lng])) map.panTo([point.lat, point.lng]);
  }, [map, point, picking, title]);

  useEffect(() => () => void marker.current?.remove(), []);
  return null;
}

/** Six decimals: about 10 cm, more than a thumb on a map can mean. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** A small map for a trip's destination (loaded lazily with lazyMap: it brings Leaflet). */
export default function TripPointMap({ label, point, onPick, className = 'h-56' }: TripPointMapProps) {
  return (
    <StaffMap label={label} className={className} testId="trip-point-map">
      <DestinationPin point={point} onPick={onPick} />
    </StaffMap>
  );
}
