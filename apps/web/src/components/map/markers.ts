import L from 'leaflet';
import { plural, t } from '@lingui/core/macro';
import 'leaflet.markercluster';

/**
 * Marker helpers for the staff maps: SVG pins as `divIcon`s (no image files, sharp at any zoom,
 * coloured by what they mark) and clustering through leaflet.markercluster, whose cluster badge
 * turns red when it holds an urgent marker (an emergency hidden in a cluster must still show).
 */

export { MARKER_COLORS } from './marker-colors.ts';

export interface PinIconOptions {
  /** Fill colour, e.g. one of MARKER_COLORS. */
  color: string;
  /** One or two characters inside the pin ("!" for an emergency, "B" for backup). */
  glyph?: string;
  /** The chosen one: larger, with a glow. */
  selected?: boolean;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function pinIcon({ color, glyph, selected = false }: PinIconOptions): L.DivIcon {
  const scale = selected ? 1.25 : 1;
  const width = Math.round(30 * scale);
  const height = Math.round(40 * scale);
  /* eslint-disable lingui/no-unlocalized-strings -- SVG markup, no prose */
  const inner = glyph
    ? `<text x="15" y="19.5" text-anchor="middle" font-size="13" font-weight="700" font-family="system-ui,sans-serif" fill="${color}">${escapeXml(glyph)}</text>`
    : '';
  const html =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 30 40" aria-hidden="true">` +
    `<path d="M15 1C7.3 1 1 7.1 1 14.8 1 25 15 39 15 39s14-14 14-24.2C29 7.1 22.7 1 15 1Z" fill="${color}" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="15" cy="15" r="8" fill="#fff"/>${inner}</svg>`;
  /* eslint-enable lingui/no-unlocalized-strings */
  return L.divIcon({
    className: selected ? 'map-pin map-pin-selected' : 'map-pin',
    html,
    iconSize: [width, height],
    iconAnchor: [width / 2, height - 1],
    popupAnchor: [0, -height + 4],
  });
}

/** Markers whose cluster must show red; kept beside the marker rather than on Leaflet's options. */
const urgentMarkers = new WeakSet<L.Marker>();

export function setMarkerUrgent(marker: L.Marker, urgent: boolean): void {
  if (urgent) urgentMarkers.add(marker);
  else urgentMarkers.delete(marker);
}

/** A cluster layer with the app's badges; spiderfies markers that share a point. */
export function createClusterLayer(options: L.MarkerClusterGroupOptions = {}): L.MarkerClusterGroup {
  return L.markerClusterGroup({
    showCoverageOnHover: false,
    spiderfyOnMaxZoom: true,
    maxClusterRadius: 50,
    // Close in, every marker shows on its own (a selected incident is never hidden in a badge).
    disableClusteringAtZoom: 17,
    iconCreateFunction: (cluster) => {
      const count = cluster.getChildCount();
      const urgent = cluster.getAllChildMarkers().some((marker) => urgentMarkers.has(marker));
      const size = count < 10 ? 36 : count < 100 ? 42 : 48;
      const label = urgent
        ? t`${plural(count, { one: '# marker, some urgent', other: '# markers, some urgent' })}`
        : t`${plural(count, { one: '# marker', other: '# markers' })}`;
      return L.divIcon({
        className: urgent ? 'map-cluster map-cluster-urgent' : 'map-cluster',
        // eslint-disable-next-line lingui/no-unlocalized-strings -- markup around the translated label
        html: `<span aria-label="${escapeXml(label)}">${count}</span>`,
        iconSize: [size, size],
      });
    },
    ...options,
  });
}
