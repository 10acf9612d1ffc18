import { pointInPolygon, segmentsIntersect, type Polygon } from '@bantay/shared';
import type { CapArea } from './cap-feed.ts';

/**
 * Whether an outside CAP alert's area covers the barangay (docs/decisions/034-the-integration-kit.md,
 * "CAP in"): a polygon or circle that meets the barangay's boundary, or a PSGC geocode naming the
 * barangay or the city, province or region it is in. Planar geometry on degrees, like the rest of
 * the app's (packages/shared/src/geo.ts): exact enough at a barangay's few kilometres.
 */

type Position = readonly [number, number];

export interface BarangayPlace {
  boundary: Polygon | null;
  psgcCode: string | null;
}

/** A CAP polygon ("lat,lon lat,lon …", at least four pairs, closed) as a [lng, lat] ring, or null when malformed. */
function capPolygonRing(value: string): Position[] | null {
  const pairs = value.trim().split(/\s+/);
  const ring: Position[] = [];
  for (const pair of pairs) {
    const [lat, lon] = pair.split(',').map(Number);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat!) > 90 || Math.abs(lon!) > 180) return null;
    ring.push([lon!, lat!]);
  }
  if (ring.length < 3) return null;
  const [first, last] = [ring[0]!, ring.at(-1)!];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push(first);
  return ring.length >= 4 ? ring : null;
}

const KM_PER_DEGREE_LAT = 111.32;

/** A CAP circle ("lat,lon radius_km") as a 64-sided ring around it, or null when malformed. */
function capCircleRing(value: string): Position[] | null {
  const [centre, radiusText] = value.trim().split(/\s+/);
  const [lat, lon] = (centre ?? '').split(',').map(Number);
  const radiusKm = Number(radiusText);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || !Number.isFinite(radiusKm) || radiusKm < 0 || Math.abs(lat!) > 90) return null;
  const kmPerDegreeLon = Math.max(KM_PER_DEGREE_LAT * Math.cos((lat! * Math.PI) / 180), 1e-6);
  // A circle of no radius is its centre: a tiny ring keeps one test for both.
  const radius = Math.max(radiusKm, 0.001);
  const ring: Position[] = [];
  for (let i = 0; i < 64; i += 1) {
    const angle = (2 * Math.PI * i) / 64;
    ring.push([lon! + (radius * Math.cos(angle)) / kmPerDegreeLon, lat! + (radius * Math.sin(angle)) / KM_PER_DEGREE_LAT]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** True when two closed rings share any point: a corner of one inside the other, or crossing edges. */
function ringsIntersect(a: readonly Position[], b: readonly Position[]): boolean {
  const polygonOf = (ring: readonly Position[]): Polygon => ({ type: 'Polygon', coordinates: [ring.map(([x, y]) => [x, y] as [number, number])] });
  const [polygonA, polygonB] = [polygonOf(a), polygonOf(b)];
  if (a.some(([lng, lat]) => pointInPolygon({ lat, lng }, polygonB))) return true;
  if (b.some(([lng, lat]) => pointInPolygon({ lat, lng }, polygonA))) return true;
  for (let i = 0; i + 1 < a.length; i += 1) {
    for (let j = 0; j + 1 < b.length; j += 1) {
      if (segmentsIntersect(a[i]!, a[i + 1]!, b[j]!, b[j + 1]!)) return true;
    }
  }
  return false;
}

/**
 * The part of a PSGC code that names its place: the whole code for a barangay, the region,
 * province or city/municipality digits when the rest are zeros. The 10-digit code (since 2023)
 * is RR PPP MM BBB; the older 9-digit one RR PP MM BBB.
 */
function psgcPrefix(code: string): string | null {
  const lengths = code.length === 10 ? [2, 5, 7, 10] : code.length === 9 ? [2, 4, 6, 9] : null;
  if (!lengths || !/^\d+$/.test(code)) return null;
  for (const length of lengths) {
    if (/^0*$/.test(code.slice(length))) return code.slice(0, length);
  }
  return code;
}

/** True when a PSGC geocode names the barangay or a place that contains it (both codes of one length). */
function psgcCovers(geocode: string, barangayCode: string): boolean {
  const value = geocode.trim();
  if (value.length !== barangayCode.length) return false;
  const prefix = psgcPrefix(value);
  return prefix !== null && barangayCode.startsWith(prefix);
}

export function areaCoversBarangay(area: CapArea, place: BarangayPlace): boolean {
  if (place.psgcCode) {
    const code = place.psgcCode;
    if (area.geocodes.some((geocode) => geocode.valueName.trim().toUpperCase() === 'PSGC' && psgcCovers(geocode.value, code))) return true;
  }
  const boundary = place.boundary?.coordinates[0];
  if (!boundary) return false;
  const shapes = [...area.polygons.map(capPolygonRing), ...area.circles.map(capCircleRing)];
  return shapes.some((ring) => ring !== null && ringsIntersect(ring, boundary));
}
