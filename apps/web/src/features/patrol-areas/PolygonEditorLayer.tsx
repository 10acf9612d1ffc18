import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Polygon } from '@bantay/shared';
import { useLeafletMap } from '@/components/map/map-context.ts';
import { polygonLatLngs } from '@/components/map/map-geometry.ts';
import './leaflet-global.ts';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import L from 'leaflet';

export interface EditableShape {
  id: string;
  label: string;
  color: string;
  polygon: Polygon;
}

export interface PolygonEditorLayerProps {
  shapes: EditableShape[];
  /** The shape whose vertices can be dragged now (null: none). */
  editingId: string | null;
  /** A new polygon is being drawn with this colour (null: not drawing). */
  drawColor: string | null;
  onSelect(id: string): void;
  /** The drawn shape, once closed (Geoman refuses a self-crossing outline while drawing). */
  onDrawn(polygon: Polygon): void;
  /** The edited shape after each change of a vertex. */
  onChange(polygon: Polygon): void;
  /** Receives the drawing controls (finish, undo last point) for buttons outside the map. */
  onDrawControls?(controls: DrawControls | null): void;
}

export interface DrawControls {
  finish(): void;
  undoLastPoint(): void;
}

/** A Leaflet polygon's outline as a closed GeoJSON Polygon ([lng, lat], first point repeated). */
function toPolygon(layer: L.Polygon): Polygon {
  const geometry = layer.toGeoJSON(7).geometry as Polygon;
  return { type: 'Polygon', coordinates: geometry.coordinates.slice(0, 1) };
}

/** Geoman's draw handler; its finish and undo are the ones its own toolbar buttons call. */
interface PolygonDrawHandler {
  _finishShape(): void;
  _removeLastVertex(): void;
}

/**
 * Areas (or the boundary) drawn and edited with Leaflet-Geoman inside a StaffMap. Geoman's own
 * toolbar is not shown: the page's large buttons start, finish and undo, which is easier on a
 * phone than the toolbar's small icons, and Geoman's touch handling places the points.
 */
export default function PolygonEditorLayer({
  shapes,
  editingId,
  drawColor,
  onSelect,
  onDrawn,
  onChange,
  onDrawControls,
}: PolygonEditorLayerProps) {
  const { t, i18n } = useLingui();
  const map = useLeafletMap();
  const handlers = useRef({ onSelect, onDrawn, onChange, onDrawControls });
  // Geoman's hints beside the pointer while drawing, in the language on screen (its English words
  // are the English text; Geoman has no Filipino of its own).
  const hints = { firstVertex: t`Click to place first vertex`, continueLine: t`Click to continue drawing`, finishPoly: t`Click first marker to finish` };
  const language = useRef({ locale: i18n.locale, hints });
  useEffect(() => {
    handlers.current = { onSelect, onDrawn, onChange, onDrawControls };
    language.current = { locale: i18n.locale, hints };
  });
  const layers = useRef(new Map<string, L.Polygon>());

  // The shapes, redrawn when they change; the one being edited gets its vertex handles.
  useEffect(() => {
    const group = L.featureGroup().addTo(map);
    const drawn = layers.current;
    drawn.clear();
    for (const shape of shapes) {
      const editing = shape.id === editingId;
      const layer = L.polygon(polygonLatLngs(shape.polygon), {
        color: shape.color,
        weight: editing ? 4 : 2,
        fillColor: shape.color,
        fillOpacity: editing ? 0.25 : 0.15,
        dashArray: editing ? '6 6' : undefined,
      });
      layer.bindTooltip(shape.label, { sticky: true });
      layer.on('click', () => handlers.current.onSelect(shape.id));
      layer.addTo(group);
      drawn.set(shape.id, layer);
      if (editing) {
        layer.pm.enable({ allowSelfIntersection: false, snappable: true, preventMarkerRemoval: false, removeLayerBelowMinVertexCount: false });
        layer.on('pm:edit', () => handlers.current.onChange(toPolygon(layer)));
      }
    }
    return () => {
      for (const layer of drawn.values()) layer.pm.disable();
      group.remove();
    };
  }, [map, shapes, editingId]);

  // Drawing a new shape: Geoman places the points where the user taps.
  useEffect(() => {
    if (!drawColor) return;
    const style = { color: drawColor, fillColor: drawColor, fillOpacity: 0.2, weight: 3 };
    const { locale, hints: tooltips } = language.current;
    // Geoman's type lists the languages it ships; with our own words it takes any code (`fil`).
    map.pm.setLang(locale as L.PM.SupportLocales, { tooltips }, 'en');
    map.pm.enableDraw('Polygon' as const, {
      allowSelfIntersection: false,
      snappable: true,
      tooltips: true,
      finishOnEnter: true,
      templineStyle: style,
      hintlineStyle: { color: drawColor, dashArray: '5 5' },
      pathOptions: style,
    });
    const handler = (map.pm.Draw as unknown as { Polygon: PolygonDrawHandler }).Polygon;
    handlers.current.onDrawControls?.({
      finish: () => handler._finishShape(),
      undoLastPoint: () => handler._removeLastVertex(),
    });
    const created = (event: { layer: L.Layer }) => {
      const layer = event.layer as L.Polygon;
      const polygon = toPolygon(layer);
      // The page redraws the shape from its own state once saved; Geoman's copy goes.
      layer.remove();
      handlers.current.onDrawn(polygon);
    };
    map.on('pm:create', created);
    return () => {
      map.off('pm:create', created);
      map.pm.disableDraw();
      handlers.current.onDrawControls?.(null);
    };
  }, [map, drawColor]);

  // Bring the shape being edited into view.
  useEffect(() => {
    const layer = editingId ? layers.current.get(editingId) : undefined;
    if (layer) map.fitBounds(layer.getBounds(), { padding: [24, 24], maxZoom: 17 });
  }, [map, editingId]);

  return null;
}
