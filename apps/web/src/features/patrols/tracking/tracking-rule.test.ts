import { describe, expect, it } from 'vitest';
import { shouldRecord, type TrackPoint } from './tracking-rule.ts';

const point = (seconds: number, lat = 14.7356, lng = 121.0498): TrackPoint => ({
  at: new Date(Date.UTC(2026, 10, 25, 1, 0, seconds)).toISOString(),
  lat,
  lng,
  accuracy: 8,
});
// About 1.1 m of latitude per 0.00001 degree.
const METRE = 0.0000090;

describe('the 5 m / 15 s rule of live tracking', () => {
  it('records the first fix', () => {
    expect(shouldRecord(null, point(0))).toBe(true);
  });

  it('skips a fix that moved 5 m or less within 15 s', () => {
    expect(shouldRecord(point(0), point(5, 14.7356 + 4 * METRE))).toBe(false);
  });

  it('records a fix that moved more than 5 m', () => {
    expect(shouldRecord(point(0), point(2, 14.7356 + 7 * METRE))).toBe(true);
  });

  it('records a fix 15 s after the last one even without moving', () => {
    expect(shouldRecord(point(0), point(14))).toBe(false);
    expect(shouldRecord(point(0), point(15))).toBe(true);
  });

  it('never records a fix older than the last one', () => {
    expect(shouldRecord(point(30), point(10, 14.74))).toBe(false);
  });
});
