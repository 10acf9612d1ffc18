import type { Polygon } from './settings.ts';

/**
 * Small geometry for the barangay boundary and the duplicate hint. Coordinates are degrees; at a
 * barangay's size (a few km) treating them as planar for the inside test is exact enough, and
 * distances use the haversine formula.
 */

/** Degrees of slack for "on the edge": about 1 cm, so rounding in JSON cannot push a point out. */
const EDGE_EPSILON = 1e-7;

function onSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): boolean {
  const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  const length = Math.hypot(bx - ax, by - ay);
  if (Math.abs(cross) > EDGE_EPSILON * Math.max(length, EDGE_EPSILON)) return false;
  return (
    px >= Math.min(ax, bx) - EDGE_EPSILON &&
    px <= Math.max(ax, bx) + EDGE_EPSILON &&
    py >= Math.min(ay, by) - EDGE_EPSILON &&
    py <= Math.max(ay, by) + EDGE_EPSILON
  );
}

/** Ray casting over one ring of [lng, lat] positions; true on the ring's edge or a vertex. */
function inRing(lng: number, lat: number, ring: readonly (readonly [number, number])[]): 'inside' | 'edge' | 'outside' {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (onSegment(lng, lat, xj, yj, xi, yi)) return 'edge';
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside ? 'inside' : 'outside';
}

/**
 * True when the point is inside the GeoJSON polygon or on its edge. Holes (rings after the first)
 * are honoured: a point inside a hole is outside, a point on a hole's edge counts as inside.
 */
export function pointInPolygon(point: { lat: number; lng: number }, polygon: Polygon): boolean {
  const [outer, ...holes] = polygon.coordinates;
  if (!outer) return false;
  const where = inRing(point.lng, point.lat, outer);
  if (where === 'outside') return false;
  if (where === 'edge') return true;
  return holes.every((hole) => inRing(point.lng, point.lat, hole) !== 'inside');
}

const EARTH_RADIUS_METERS = 6_371_008.8;

/** Great-circle distance in metres. */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}
