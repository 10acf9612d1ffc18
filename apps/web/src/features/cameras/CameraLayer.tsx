import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useLingui } from '@lingui/react/macro';
import type { Camera } from '@bantay/shared';
import { useLeafletMap } from '@/components/map/map-context.ts';
import { MARKER_COLORS, pinIcon } from '@/components/map/markers.ts';
import type { CameraLayerEditing } from './use-camera-editor.ts';


/**
 * CCTV cameras on a StaffMap: grey pins marked "C". While an admin manages cameras (`editing`),
 * each marker can be dragged (the new place is saved at once) and selected (click, or Enter on the
 * focused marker), the form's unsaved place shows as a draft pin that can be dragged too, and in
 * pick mode a click on the map sets that place. Import only from lazy map modules.
 */
export default function CameraLayer({ cameras, editing }: { cameras: Camera[]; editing?: CameraLayerEditing }) {
  const map = useLeafletMap();
  const { t } = useLingui();
  const layerRef = useRef<L.LayerGroup | null>(null);
  const markers = useRef(new Map<string, L.Marker>());
  const editingRef = useRef(editing);
  const camerasRef = useRef(cameras);
  useEffect(() => {
    editingRef.current = editing;
    camerasRef.current = cameras;
  });
  const isEditing = Boolean(editing);
  const selectedId = editing?.selectedId ?? null;

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    layerRef.current = layer;
    const known = markers.current;
    return () => {
      layer.remove();
      layerRef.current = null;
      known.clear();
    };
  }, [map]);

  // One Leaflet marker per camera, kept across renders: a drag in progress is never redrawn away.
  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    const known = markers.current;
    const wanted = new Set(cameras.map((camera) => camera._id));
    for (const [id, marker] of known) {
      if (wanted.has(id)) continue;
      layer.removeLayer(marker);
      known.delete(id);
    }
    for (const camera of cameras) {
      const icon = pinIcon({ color: MARKER_COLORS.camera, glyph: 'C', selected: camera._id === selectedId });
      let marker = known.get(camera._id);
      if (!marker) {
        marker = L.marker([camera.location.lat, camera.location.lng], { icon, keyboard: true, riseOnHover: true, zIndexOffset: -500 });
        const id = camera._id;
        marker.on('click', () => editingRef.current?.onSelect(id));
        marker.on('dragend', () => {
          const dragged = known.get(id);
          if (!dragged) return;
          void editingRef.current?.onMove(id, dragged.getLatLng()).then((saved) => {
            // Refused: back to where the camera is saved (the list did not change, so nothing else moves it).
            const current = camerasRef.current.find((item) => item._id === id);
            if (!saved && current) dragged.setLatLng([current.location.lat, current.location.lng]);
          });
        });
        known.set(camera._id, marker);
        layer.addLayer(marker);
      } else {
        const at = marker.getLatLng();
        if (at.lat !== camera.location.lat || at.lng !== camera.location.lng) marker.setLatLng([camera.location.lat, camera.location.lng]);
        // A new icon is a new element: only when the look changes, so keyboard focus stays put.
        if (marker.options.icon?.options.className !== icon.options.className) marker.setIcon(icon);
      }
      const { name, ownerContact: owner } = camera;
      const named = owner ? t`Camera: ${name} (${owner})` : t`Camera: ${name}`;
      const title = isEditing ? t`${named}. Drag to move it, or press Enter to edit it` : named;
      marker.options.title = title;
      marker.options.alt = title;
      const element = marker.getElement();
      element?.setAttribute('title', title);
      element?.setAttribute('aria-label', title);
      // While managing, the cameras come above the other markers so that each can be grabbed.
      marker.setZIndexOffset(isEditing ? 3000 : -500);
      if (isEditing) marker.dragging?.enable();
      else marker.dragging?.disable();
    }
  }, [cameras, isEditing, selectedId, t]);

  // The form's unsaved place: a blue pin marked "+", draggable.
  const draftLat = editing?.draft?.lat;
  const draftLng = editing?.draft?.lng;
  const draftRef = useRef<L.Marker | null>(null);
  useEffect(() => {
    if (draftLat === undefined || draftLng === undefined) return;
    const title = t`The camera’s new place (not saved yet). Drag to adjust`;
    const marker = L.marker([draftLat, draftLng], {
      icon: pinIcon({ color: MARKER_COLORS.normal, glyph: '+', selected: true }),
      draggable: true,
      keyboard: true,
      title,
      alt: title,
      zIndexOffset: 4000,
    }).addTo(map);
    marker.on('dragend', () => editingRef.current?.onDraft(marker.getLatLng()));
    draftRef.current = marker;
    return () => {
      marker.remove();
      draftRef.current = null;
    };
  }, [map, draftLat, draftLng, t]);

  // Pick mode: the next click on the map is the place.
  const placing = editing?.placing ?? false;
  useEffect(() => {
    if (!placing) return;
    const container = map.getContainer();
    container.classList.add('map-picking');
    const onClick = (event: L.LeafletMouseEvent) => editingRef.current?.onDraft(event.latlng);
    map.on('click', onClick);
    return () => {
      container.classList.remove('map-picking');
      map.off('click', onClick);
    };
  }, [map, placing]);

  return null;
}
