import { distanceMeters, middleOf, pointInPolygon, type Polygon, type PublicSettings, type ReportLocation } from '@bantay/shared';

/**
 * Where a report from the pages without JavaScript is put on the map when their script found no
 * position from the phone (plain-form.ts `PostedForm`). Those pages have no map: the reporter names
 * their purok (a patrol area) and a landmark, and the report's point is the purok's middle, or the
 * barangay's when they name none. `accuracy` says
 * how rough that is (the farthest corner of the area), so staff read it as "somewhere in here".
 */

type Point = { lat: number; lng: number };

/** Metres from the point to the polygon's farthest corner, rounded up to 10 m. */
function reachOf(point: Point, polygon: Polygon): number {
  const ring = polygon.coordinates[0] ?? [];
  const farthest = Math.max(0, ...ring.map(([lng, lat]) => distanceMeters(point, { lat, lng })));
  return Math.min(100_000, Math.ceil(farthest / 10) * 10);
}

/** The barangay's middle: inside its boundary when one is drawn, else where its map starts. */
export function barangayMiddle(settings: Pick<PublicSettings, 'boundary' | 'mapStart'>): ReportLocation {
  const middle = settings.boundary ? middleOf(settings.boundary) : null;
  if (middle && settings.boundary) return { ...middle, accuracy: reachOf(middle, settings.boundary) };
  return { lat: settings.mapStart.lat, lng: settings.mapStart.lng };
}

/** A purok's middle, or the barangay's when the purok's lies outside the boundary (drawn before it changed). */
export function areaMiddle(area: { polygon: Polygon }, settings: Pick<PublicSettings, 'boundary' | 'mapStart'>): ReportLocation {
  const middle = middleOf(area.polygon);
  if (!middle || (settings.boundary && !pointInPolygon(middle, settings.boundary))) return barangayMiddle(settings);
  return { ...middle, accuracy: reachOf(middle, area.polygon) };
}
