import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useLeafletMap } from './map-context.ts';
import { MARKER_COLORS, pinIcon } from './markers.ts';

export interface MapPoint {
  lat: number;
  lng: number;
}

export interface PointPinProps {
  point: MapPoint | null;
  /**
   * Given: a click (or a drag of the pin) picks the point. Without it the map only shows it. It
   * may refuse the point (outside the barangay, say) by returning false: a dragged pin then goes
   * back where it was.
   */
  onPick?: (point: MapPoint) => boolean | void;
  /** The pin's tooltip and accessible name ("Trip destination", "Your home"). */
  title: string;
  color?: string;
}

/** Close enough to find the building, far enough to see the streets around it. */
const POINT_ZOOM = 16;

/** Six decimals: about 10 cm, more than a thumb on a map can mean. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * One point on a StaffMap, placed by a tap and moved by a drag, or just shown: a trip's
 * destination, the place of an incident an admin makes from a text, a resident's home. A layer:
 * render it inside a StaffMap.
 */
export function PointPin({ point, onPick, title, color = MARKER_COLORS.normal }: PointPinProps) {
  const map = useLeafletMap();
  const marker = useRef<L.Marker | null>(null);
  const onPickRef = useRef(onPick);
  const pointRef = useRef(point);
  useEffect(() => {
    onPickRef.current = onPick;
    pointRef.current = point;
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

  // A point known when the map opens (a trip shown, a home already set) is brought close; one
  // picked later is not: the picker keeps the view it was tapped in.
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
        icon: pinIcon({ color }),
        draggable: picking,
        keyboard: false,
        title,
      }).addTo(map);
      marker.current.on('dragend', () => {
        const at = marker.current!.getLatLng();
        if (onPickRef.current?.({ lat: round(at.lat), lng: round(at.lng) }) === false) {
          const previous = pointRef.current;
          if (previous) marker.current!.setLatLng([previous.lat, previous.lng]);
        }
      });
    } else {
      marker.current.setLatLng([point.lat, point.lng]);
      // The language may have changed since the pin was placed.
      marker.current.getElement()?.setAttribute('title', title);
    }
    if (!map.getBounds().contains([point.lat, point.lng])) map.panTo([point.lat, point.lng]);
  }, [map, point, picking, title, color]);

  useEffect(() => () => void marker.current?.remove(), []);
  return null;
}
