import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import { Trans, useLingui } from '@lingui/react/macro';
import 'leaflet/dist/leaflet.css';
import '@/components/map/map-base.css';
import './report-map.css';
import { createBaseMap, showStartView, type MapSettings } from '@/components/map/map-setup.ts';
import type { PinPoint } from './report-rules.ts';

/**
 * The report's map, loaded on demand (this module brings Leaflet and its stylesheet, about 45 KB
 * gzip): the emergency screen never loads it unless the phone refuses its position. Leaflet is
 * used directly rather than through react-leaflet: one map, one marker and one outline need no
 * more, and the marker's refusal (snap back when dropped outside) is simpler imperatively.
 *
 * Without internet the tiles fail; the outline is vector and the pin works on the blank map.
 */

export interface ReportMapProps {
  settings: MapSettings;
  pin: (PinPoint & { accuracy?: number }) | null;
  /** A point the reporter chose. Returns false when refused; the marker then stays where it was. */
  onPick(point: PinPoint): boolean;
  /** Labels the map for screen readers. */
  label: string;
}

/* eslint-disable lingui/no-unlocalized-strings -- SVG markup, not prose */
const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="34" height="46" viewBox="0 0 34 46" aria-hidden="true">' +
  '<path d="M17 1C8.2 1 1 8 1 16.8 1 28.5 17 45 17 45s16-16.5 16-28.2C33 8 25.8 1 17 1Z" fill="#dc2626" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="17" cy="16.5" r="6" fill="#fff"/></svg>';
/* eslint-enable lingui/no-unlocalized-strings */

const pinIcon = () => L.divIcon({ className: 'report-pin', html: PIN_SVG, iconSize: [34, 46], iconAnchor: [17, 45] });

export default function ReportMap({ settings, pin, onPick, label }: ReportMapProps) {
  const { t } = useLingui();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const circleRef = useRef<L.Circle | null>(null);
  const pinRef = useRef(pin);
  const onPickRef = useRef(onPick);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    pinRef.current = pin;
    onPickRef.current = onPick;
  });

  // The map is built once per settings; the pin follows in the next effect.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = createBaseMap(container, settings, { onTileError: () => setTilesFailed(true) });
    const start = pinRef.current;
    if (start) map.setView([start.lat, start.lng], Math.max(settings.mapStart.zoom, 16));
    else showStartView(map, settings);

    const choose = (latlng: L.LatLng) => onPickRef.current({ lat: latlng.lat, lng: latlng.lng });
    map.on('click', (event: L.LeafletMouseEvent) => {
      choose(event.latlng);
    });
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
      circleRef.current = null;
    };
  }, [settings]);

  // Draw (or move, or remove) the marker and the GPS accuracy circle to match the chosen pin.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!pin) {
      markerRef.current?.remove();
      markerRef.current = null;
    } else if (markerRef.current) {
      markerRef.current.setLatLng([pin.lat, pin.lng]);
    } else {
      const marker = L.marker([pin.lat, pin.lng], {
        icon: pinIcon(),
        draggable: true,
        autoPan: true,
        keyboard: true,
        title: t`The place of the incident: drag to move`,
        alt: t`Incident location pin`,
      });
      marker.on('dragend', () => {
        const moved = marker.getLatLng();
        if (!onPickRef.current({ lat: moved.lat, lng: moved.lng })) {
          const previous = pinRef.current;
          if (previous) marker.setLatLng([previous.lat, previous.lng]);
        }
      });
      marker.addTo(map);
      markerRef.current = marker;
    }
    circleRef.current?.remove();
    circleRef.current = null;
    if (pin?.accuracy && pin.accuracy > 5 && pin.accuracy < 2000) {
      circleRef.current = L.circle([pin.lat, pin.lng], {
        radius: pin.accuracy,
        color: '#2563eb',
        weight: 1,
        fillOpacity: 0.12,
        interactive: false,
      }).addTo(map);
    }
    if (pin && !map.getBounds().pad(-0.1).contains([pin.lat, pin.lng])) map.panTo([pin.lat, pin.lng]);
  }, [pin, t]);

  return (
    <div>
      <div
        ref={containerRef}
        role="application"
        aria-label={label}
        data-testid="report-map"
        className="bantay-map h-72 w-full border border-line sm:h-96"
      />
      {tilesFailed && (
        <p className="mt-2 text-sm text-muted" role="status">
          <Trans>
            The map pictures could not load (no internet?). You can still tap inside the blue outline to put the pin.
          </Trans>
        </p>
      )}
      <button
        type="button"
        className="btn btn-secondary mt-2 w-full sm:w-auto"
        onClick={() => {
          const map = mapRef.current;
          if (map) onPickRef.current(map.getCenter());
        }}
      >
        <Trans>Put the pin at the centre of the map</Trans>
      </button>
    </div>
  );
}
