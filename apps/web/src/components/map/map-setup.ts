import L from 'leaflet';
import { t } from '@lingui/core/macro';
import type { PublicSettings } from '@bantay/shared';
import { boundaryBounds, polygonLatLngs } from './map-geometry.ts';

/**
 * The base every map of the app shares (the report map and the staff maps): the configured tile
 * server with its attribution, the barangay outline, and the start view of docs/product.md §1 (fit to the
 * boundary once one is set, else the brief's start point). Importing this module brings Leaflet,
 * so only lazily loaded map modules import it.
 */

/** The map library's credit, before the tiles' own attribution (HTML, a name: not translated). */
const LEAFLET_CREDIT = '<a href="https://leafletjs.com" target="_blank" rel="noopener">Leaflet</a>' as const;

export type MapSettings = Pick<PublicSettings, 'mapStart' | 'boundary' | 'map'>;

export interface BaseMapOptions extends L.MapOptions {
  /** Called when a tile fails to load (no internet, or a wrong tile URL). */
  onTileError?: () => void;
  /** Draw the barangay outline (default true). */
  showBoundary?: boolean;
}

export function createBaseMap(container: HTMLElement, settings: MapSettings, options: BaseMapOptions = {}): L.Map {
  const { onTileError, showBoundary = true, zoomControl = true, ...mapOptions } = options;
  const map = L.map(container, { zoomControl: false, attributionControl: true, tapTolerance: 20, ...mapOptions });
  // Leaflet's own zoom buttons, titled in the language on screen when the map is made.
  if (zoomControl) L.control.zoom({ zoomInTitle: t`Zoom in`, zoomOutTitle: t`Zoom out` }).addTo(map);
  map.attributionControl.setPrefix(LEAFLET_CREDIT);
  const tiles = L.tileLayer(settings.map.tileUrl, { attribution: settings.map.attribution, maxZoom: 19, crossOrigin: false });
  if (onTileError) tiles.on('tileerror', onTileError);
  tiles.addTo(map);
  if (showBoundary && settings.boundary) {
    L.polygon(polygonLatLngs(settings.boundary), {
      color: '#2563eb',
      weight: 3,
      fillColor: '#2563eb',
      fillOpacity: 0.07,
      interactive: false,
    }).addTo(map);
  }
  return map;
}

/** Shows the whole barangay: its outline when one is set, else the configured start point. */
export function showStartView(map: L.Map, settings: MapSettings): void {
  const bounds = settings.boundary ? boundaryBounds(settings.boundary) : null;
  if (bounds) map.fitBounds(bounds, { padding: [12, 12] });
  else map.setView([settings.mapStart.lat, settings.mapStart.lng], settings.mapStart.zoom);
}
