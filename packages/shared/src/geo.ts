import { msg, ph } from '@lingui/core/macro';
import { translate } from './i18n.ts';
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

/**
 * A point inside the polygon's outline near its middle: on the parallel through the mean latitude
 * of its corners, the midpoint of the widest stretch that lies inside. A plain centroid can fall
 * outside a bent (concave) purok: a report placed there would be refused by the boundary
 * (modules/plain-pages/place.ts), a text from a resident whose home is only a purok would be
 * placed outside it (modules/residents/resident-home.ts), a calendar's map pin would point beside
 * the area (modules/calendar-feeds).
 */
export function middleOf(polygon: Polygon): { lat: number; lng: number } | null {
  const ring = polygon.coordinates[0];
  if (!ring || ring.length < 4) return null;
  const corners = ring.slice(0, -1);
  const lat = corners.reduce((sum, [, y]) => sum + y, 0) / corners.length;
  const crossings: number[] = [];
  for (let i = 0; i < ring.length - 1; i += 1) {
    const [ax, ay] = ring[i]!;
    const [bx, by] = ring[i + 1]!;
    // Half-open, so a corner exactly on the parallel counts once.
    if (ay <= lat !== by <= lat) crossings.push(ax + ((lat - ay) * (bx - ax)) / (by - ay));
  }
  crossings.sort((a, b) => a - b);
  let best: { lat: number; lng: number } | null = null;
  let widest = -1;
  for (let i = 0; i + 1 < crossings.length; i += 2) {
    const width = crossings[i + 1]! - crossings[i]!;
    if (width > widest) {
      widest = width;
      best = { lat, lng: (crossings[i]! + crossings[i + 1]!) / 2 };
    }
  }
  return best;
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

type Ring = readonly (readonly [number, number])[];

/** Orientation of the turn a → b → c: positive counter-clockwise, negative clockwise, 0 collinear. */
function turn(a: readonly [number, number], b: readonly [number, number], c: readonly [number, number]): number {
  const value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return Math.abs(value) < 1e-18 ? 0 : Math.sign(value);
}

function onSegmentCollinear(a: readonly [number, number], p: readonly [number, number], b: readonly [number, number]): boolean {
  return p[0] >= Math.min(a[0], b[0]) && p[0] <= Math.max(a[0], b[0]) && p[1] >= Math.min(a[1], b[1]) && p[1] <= Math.max(a[1], b[1]);
}

/** True when segments ab and cd share any point (crossing, touching or overlapping). */
export function segmentsIntersect(
  a: readonly [number, number],
  b: readonly [number, number],
  c: readonly [number, number],
  d: readonly [number, number],
): boolean {
  const d1 = turn(c, d, a);
  const d2 = turn(c, d, b);
  const d3 = turn(a, b, c);
  const d4 = turn(a, b, d);
  if (d1 !== d2 && d3 !== d4 && d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true;
  if (d1 === 0 && onSegmentCollinear(c, a, d)) return true;
  if (d2 === 0 && onSegmentCollinear(c, b, d)) return true;
  if (d3 === 0 && onSegmentCollinear(a, c, b)) return true;
  if (d4 === 0 && onSegmentCollinear(a, d, b)) return true;
  return false;
}

/** Index of the first pair of non-adjacent edges of a closed ring that touch, or null. */
function selfIntersection(ring: Ring): [number, number] | null {
  const edges = ring.length - 1;
  for (let i = 0; i < edges; i += 1) {
    for (let j = i + 1; j < edges; j += 1) {
      // Neighbouring edges share a vertex by construction, so they are skipped.
      const adjacent = j === i + 1 || (i === 0 && j === edges - 1);
      if (adjacent) continue;
      if (segmentsIntersect(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) return [i, j];
    }
  }
  return null;
}

/** The largest number of corners a drawn polygon may have (keeps the O(n²) checks instant). */
export const POLYGON_MAX_POINTS = 500;

/**
 * What is wrong with a drawn polygon (a patrol area, the barangay boundary), in words a person can
 * act on, or null when it is fine: one outer ring, closed (last position equals the first), at
 * least 3 distinct corners, and edges that never cross or touch each other. The server refuses
 * any polygon with a problem; the web may show the same words before sending. In the language in
 * use when called (./i18n.ts).
 */
export function polygonProblem(polygon: Polygon): string | null {
  if (polygon.coordinates.length !== 1) return translate(msg`The shape must be a single outline without holes`);
  const ring = polygon.coordinates[0]!;
  if (ring.length > POLYGON_MAX_POINTS + 1) return translate(msg`The shape may have at most ${ph({ max: POLYGON_MAX_POINTS })} corners`);
  const first = ring[0];
  const last = ring.at(-1);
  if (!first || !last || ring.length < 2 || first[0] !== last[0] || first[1] !== last[1]) {
    return translate(msg`The outline is not closed: its last point must equal its first`);
  }
  const distinct = new Set(ring.map(([lng, lat]) => `${lng},${lat}`));
  if (distinct.size < 3) return translate(msg`The shape needs at least 3 distinct corners`);
  for (let i = 1; i < ring.length; i += 1) {
    const [a, b] = [ring[i - 1]!, ring[i]!];
    if (a[0] === b[0] && a[1] === b[1]) return translate(msg`Corner ${ph({ corner: i + 1 })} repeats corner ${ph({ previous: i })}: remove one of them`);
  }
  const crossing = selfIntersection(ring);
  if (crossing) return translate(msg`The outline crosses itself (edge ${ph({ edge: crossing[0] + 1 })} meets edge ${ph({ other: crossing[1] + 1 })})`);
  return null;
}

/**
 * True when `inner` lies inside `outer` (edges may touch): every corner of the inner outline is
 * inside or on the outer one, and no inner edge properly crosses an outer edge.
 */
export function polygonInsidePolygon(inner: Polygon, outer: Polygon): boolean {
  const innerRing = inner.coordinates[0];
  const outerRing = outer.coordinates[0];
  if (!innerRing || !outerRing) return false;
  if (!innerRing.every(([lng, lat]) => pointInPolygon({ lat, lng }, outer))) return false;
  for (let i = 1; i < innerRing.length; i += 1) {
    for (let j = 1; j < outerRing.length; j += 1) {
      const [a, b, c, d] = [innerRing[i - 1]!, innerRing[i]!, outerRing[j - 1]!, outerRing[j]!];
      const properCrossing = turn(c, d, a) * turn(c, d, b) < 0 && turn(a, b, c) * turn(a, b, d) < 0;
      if (properCrossing) return false;
    }
  }
  // Corners inside and no crossing edges can still hide a concave dent: check edge midpoints too.
  for (let i = 1; i < innerRing.length; i += 1) {
    const [a, b] = [innerRing[i - 1]!, innerRing[i]!];
    if (!pointInPolygon({ lng: (a[0] + b[0]) / 2, lat: (a[1] + b[1]) / 2 }, outer)) return false;
  }
  return true;
}

/**
 * Shortest distance in metres from a point to the outline of a polygon (0 on the edge). With
 * `pointInPolygon` it gives "inside, allowing for the GPS accuracy": a fix whose accuracy circle
 * reaches the area counts as inside. Uses a local flat projection, exact enough at barangay size.
 */
export function distanceToPolygonEdgeMeters(point: { lat: number; lng: number }, polygon: Polygon): number {
  const metersPerDegLat = 111_320;
  const metersPerDegLng = 111_320 * Math.cos((point.lat * Math.PI) / 180);
  let best = Infinity;
  for (const ring of polygon.coordinates) {
    for (let i = 1; i < ring.length; i += 1) {
      const ax = (ring[i - 1]![0] - point.lng) * metersPerDegLng;
      const ay = (ring[i - 1]![1] - point.lat) * metersPerDegLat;
      const bx = (ring[i]![0] - point.lng) * metersPerDegLng;
      const by = (ring[i]![1] - point.lat) * metersPerDegLat;
      const lengthSquared = (bx - ax) ** 2 + (by - ay) ** 2;
      const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * (bx - ax) + ay * (by - ay)) / lengthSquared));
      best = Math.min(best, Math.hypot(ax + t * (bx - ax), ay + t * (by - ay)));
    }
  }
  return best;
}

/** Inside the polygon, or within `toleranceMeters` of its edge (the GPS accuracy radius). */
export function pointNearPolygon(point: { lat: number; lng: number }, polygon: Polygon, toleranceMeters: number): boolean {
  return pointInPolygon(point, polygon) || distanceToPolygonEdgeMeters(point, polygon) <= toleranceMeters;
}
