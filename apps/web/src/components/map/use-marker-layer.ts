import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useLeafletMap } from './map-context.ts';
import { createClusterLayer, setMarkerUrgent } from './markers.ts';

/** One marker on a marker layer; `id` keeps it the same Leaflet marker across renders. */
export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  icon: L.DivIcon;
  /** Tooltip and accessible name. */
  title: string;
  /** Urgent markers turn their cluster red. */
  urgent?: boolean;
  /** Drawn above the others (e.g. the selected one, emergencies). */
  zIndexOffset?: number;
}

export interface MarkerLayerOptions {
  /** Group nearby markers (leaflet.markercluster) instead of drawing each one. */
  cluster?: boolean;
  /** Called with the marker's id on click or Enter. */
  onSelect?: (id: string) => void;
}

const iconHtml = (icon: L.DivIcon) => String(icon.options.html ?? '');

/**
 * Keeps a layer of markers on the surrounding StaffMap in step with `markers`: new ids are added,
 * moved or restyled ones updated in place, missing ones removed. Updating in place keeps a
 * clicked marker's focus and avoids redrawing a whole cluster layer on every live event.
 */
export function useMarkerLayer(markers: MapMarker[], { cluster = false, onSelect }: MarkerLayerOptions = {}): void {
  const map = useLeafletMap();
  const layerRef = useRef<L.LayerGroup | null>(null);
  const byId = useRef(new Map<string, L.Marker>());
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });

  useEffect(() => {
    const layer = cluster ? createClusterLayer() : L.layerGroup();
    layer.addTo(map);
    layerRef.current = layer;
    const known = byId.current;
    return () => {
      layer.remove();
      layerRef.current = null;
      known.clear();
    };
  }, [map, cluster]);

  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    const known = byId.current;
    const wanted = new Set(markers.map((marker) => marker.id));
    for (const [id, marker] of known) {
      if (!wanted.has(id)) {
        layer.removeLayer(marker);
        known.delete(id);
      }
    }
    for (const item of markers) {
      const existing = known.get(item.id);
      if (existing) {
        const position = existing.getLatLng();
        if (position.lat !== item.lat || position.lng !== item.lng) existing.setLatLng([item.lat, item.lng]);
        if (iconHtml(existing.options.icon as L.DivIcon) !== iconHtml(item.icon) || existing.options.icon?.options.className !== item.icon.options.className) {
          existing.setIcon(item.icon);
        }
        existing.setZIndexOffset(item.zIndexOffset ?? 0);
        existing.options.title = item.title;
        existing.getElement()?.setAttribute('title', item.title);
        setMarkerUrgent(existing, item.urgent ?? false);
        continue;
      }
      const marker = L.marker([item.lat, item.lng], {
        icon: item.icon,
        title: item.title,
        alt: item.title,
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: item.zIndexOffset ?? 0,
      });
      setMarkerUrgent(marker, item.urgent ?? false);
      marker.on('click', () => onSelectRef.current?.(item.id));
      known.set(item.id, marker);
      layer.addLayer(marker);
    }
    // A cluster's badge colour depends on its members' urgency: redraw the badges.
    if (layer instanceof L.MarkerClusterGroup) layer.refreshClusters();
    // map and cluster: a new layer (made by the effect above) starts empty and needs filling.
  }, [markers, map, cluster]);
}
