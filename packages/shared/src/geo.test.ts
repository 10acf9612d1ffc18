import { describe, expect, it } from 'vitest';
import { distanceMeters, pointInPolygon, pointNearPolygon, polygonInsidePolygon, polygonProblem } from './geo.ts';
import type { Polygon } from './settings.ts';

// A 0.01° square (about 1.1 km) with a square hole in the middle, corners as [lng, lat].
const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [121.0, 14.0],
      [121.01, 14.0],
      [121.01, 14.01],
      [121.0, 14.01],
      [121.0, 14.0],
    ],
  ],
};
const withHole: Polygon = {
  type: 'Polygon',
  coordinates: [
    square.coordinates[0]!,
    [
      [121.004, 14.004],
      [121.006, 14.004],
      [121.006, 14.006],
      [121.004, 14.006],
      [121.004, 14.004],
    ],
  ],
};
// A concave "C" shape, to catch tests that only look at the bounding box.
const concave: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [3, 0],
      [3, 1],
      [1, 1],
      [1, 2],
      [3, 2],
      [3, 3],
      [0, 3],
      [0, 0],
    ],
  ],
};

describe('the barangay boundary check', () => {
  it('a point inside the boundary is inside', () => {
    expect(pointInPolygon({ lat: 14.005, lng: 121.002 }, square)).toBe(true);
  });
  it('a point outside the boundary is outside', () => {
    expect(pointInPolygon({ lat: 14.02, lng: 121.005 }, square)).toBe(false);
    expect(pointInPolygon({ lat: 14.005, lng: 120.999 }, square)).toBe(false);
  });
  it('a point on an edge or a corner counts as inside', () => {
    expect(pointInPolygon({ lat: 14.0, lng: 121.005 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 14.005, lng: 121.01 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 14.01, lng: 121.01 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 14.0, lng: 121.0 }, square)).toBe(true);
  });
  it('a point in the notch of a concave outline is outside', () => {
    expect(pointInPolygon({ lat: 1.5, lng: 2 }, concave)).toBe(false);
    expect(pointInPolygon({ lat: 0.5, lng: 2 }, concave)).toBe(true);
    expect(pointInPolygon({ lat: 1.5, lng: 0.5 }, concave)).toBe(true);
  });
  it('a point in a hole is outside, and on the edge of the hole is inside', () => {
    expect(pointInPolygon({ lat: 14.005, lng: 121.005 }, withHole)).toBe(false);
    expect(pointInPolygon({ lat: 14.004, lng: 121.005 }, withHole)).toBe(true);
    expect(pointInPolygon({ lat: 14.002, lng: 121.002 }, withHole)).toBe(true);
  });
  it('a point on the line of an edge but beyond its ends is outside', () => {
    expect(pointInPolygon({ lat: 14.0, lng: 121.02 }, square)).toBe(false);
  });
});

describe('distances for the duplicate hint', () => {
  it('measures about 111 m for 0.001° of latitude', () => {
    expect(distanceMeters({ lat: 14.7, lng: 121.05 }, { lat: 14.701, lng: 121.05 })).toBeCloseTo(111.2, 0);
  });
  it('is zero for the same point', () => {
    expect(distanceMeters({ lat: 14.7, lng: 121.05 }, { lat: 14.7, lng: 121.05 })).toBe(0);
  });
});

describe('drawn polygons', () => {
  const square: [number, number][] = [
    [121, 14],
    [121.01, 14],
    [121.01, 14.01],
    [121, 14.01],
    [121, 14],
  ];
  const polygon = (ring: [number, number][], ...holes: [number, number][][]) => ({ type: 'Polygon' as const, coordinates: [ring, ...holes] });

  it('accepts a closed simple outline', () => {
    expect(polygonProblem(polygon(square))).toBeNull();
  });

  it('names each problem', () => {
    expect(polygonProblem(polygon(square.slice(0, 4)))).toMatch(/not closed/);
    expect(polygonProblem(polygon([[121, 14], [121.01, 14], [121, 14], [121, 14]]))).toMatch(/3 distinct/);
    expect(polygonProblem(polygon([[121, 14], [121.01, 14.01], [121.01, 14], [121, 14.01], [121, 14]]))).toMatch(/crosses itself/);
    expect(polygonProblem(polygon(square, square))).toMatch(/without holes/);
    expect(polygonProblem(polygon([[121, 14], [121.01, 14], [121.01, 14], [121.01, 14.01], [121, 14]]))).toMatch(/repeats/);
  });

  it('tells whether one outline lies inside another, dents included', () => {
    const outer = polygon(square);
    const inner = polygon([[121.002, 14.002], [121.008, 14.002], [121.008, 14.008], [121.002, 14.002]]);
    expect(polygonInsidePolygon(inner, outer)).toBe(true);
    const sticksOut = polygon([[121.002, 14.002], [121.02, 14.002], [121.008, 14.008], [121.002, 14.002]]);
    expect(polygonInsidePolygon(sticksOut, outer)).toBe(false);
  });

  it('counts a fix whose accuracy circle reaches the area as near it', () => {
    const outer = polygon(square);
    // About 55 m east of the east edge.
    const outside = { lat: 14.005, lng: 121.0105 };
    expect(pointNearPolygon(outside, outer, 10)).toBe(false);
    expect(pointNearPolygon(outside, outer, 80)).toBe(true);
  });
});
