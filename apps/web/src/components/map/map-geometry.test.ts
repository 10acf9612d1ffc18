import { describe, expect, it } from 'vitest';
import type { Polygon } from '@bantay/shared';
import { boundaryBounds, directionsUrl, formatDistance, polygonLatLngs } from './map-geometry.ts';

/** The demo barangay's outline (an irregular octagon around 14.7356, 121.0498), [lng, lat]. */
const BOUNDARY: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [121.0352, 14.7442],
      [121.0475, 14.7501],
      [121.0618, 14.7468],
      [121.0655, 14.7352],
      [121.0601, 14.7228],
      [121.0466, 14.7196],
      [121.0361, 14.7259],
      [121.0329, 14.7361],
      [121.0352, 14.7442],
    ],
  ],
};

describe('map geometry', () => {
  it('fits the map to the outline: south-west and north-east corners', () => {
    expect(boundaryBounds(BOUNDARY)).toEqual([
      [14.7196, 121.0329],
      [14.7501, 121.0655],
    ]);
  });

  it('turns GeoJSON [lng, lat] rings into Leaflet [lat, lng] pairs', () => {
    expect(polygonLatLngs(BOUNDARY)[0]?.[0]).toEqual([14.7442, 121.0352]);
  });

  it('links directions to the exact point', () => {
    expect(directionsUrl({ lat: 14.7356, lng: 121.0498 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=14.735600,121.049800',
    );
  });

  it('shows distances in metres below a kilometre, then in kilometres', () => {
    expect(formatDistance(3)).toBe('1 m');
    expect(formatDistance(84)).toBe('80 m');
    expect(formatDistance(1234)).toBe('1.2 km');
    expect(formatDistance(15_400)).toBe('15 km');
  });
});
