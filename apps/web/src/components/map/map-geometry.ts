import type { Polygon } from '@bantay/shared';

/**
 * Plain geometry for the maps, free of Leaflet so pages can use it before the map's code loads.
 * GeoJSON stores [lng, lat]; Leaflet wants [lat, lng].
 */

export type LatLngTuple = [number, number];

/** `[[south, west], [north, east]]` of the boundary's outer ring, for fitting a map to it. */
export function boundaryBounds(boundary: Polygon): [LatLngTuple, LatLngTuple] | null {
  const ring = boundary.coordinates[0];
  if (!ring || ring.length === 0) return null;
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const [lng, lat] of ring) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return [
    [south, west],
    [north, east],
  ];
}

/** The polygon's rings as Leaflet lat/lng pairs. */
export function polygonLatLngs(polygon: Polygon): LatLngTuple[][] {
  return polygon.coordinates.map((ring) => ring.map(([lng, lat]) => [lat, lng] as LatLngTuple));
}

/** A Google Maps directions link to a point (opens the phone's maps app where there is one). */
export function directionsUrl(point: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;
}

/** A distance for people: "80 m", "1.2 km". */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.max(1, Math.round(meters / 10) * 10)} m`;
  return `${(meters / 1000).toFixed(meters < 10_000 ? 1 : 0)} km`;
}
