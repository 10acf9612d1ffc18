import { describe, expect, it } from 'vitest';
import { frameAt, trackSpan } from './replay-logic.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 0, 0, seconds)).toISOString();
const t = (seconds: number) => Date.UTC(2026, 10, 25, 0, 0, seconds);
const track = [
  { at: at(0), lat: 14.7, lng: 121.0 },
  { at: at(10), lat: 14.71, lng: 121.0 },
  { at: at(30), lat: 14.71, lng: 121.02 },
];

describe('patrol replay', () => {
  it('spans the track from its first to its last point', () => {
    expect(trackSpan(track)).toEqual({ start: t(0), end: t(30) });
    expect(trackSpan([])).toBeNull();
  });

  it('stands at the start before the first point', () => {
    expect(frameAt(track, t(-5))).toEqual({ walked: [track[0]], current: track[0] });
  });

  it('walks half way along a segment at half its time', () => {
    const frame = frameAt(track, t(5));
    expect(frame.current?.lat).toBeCloseTo(14.705, 6);
    expect(frame.current?.lng).toBeCloseTo(121.0, 6);
    expect(frame.walked).toHaveLength(2);
  });

  it('keeps every point passed, then the position between the next two', () => {
    const frame = frameAt(track, t(20));
    expect(frame.walked.slice(0, 2)).toEqual([
      { lat: 14.7, lng: 121.0 },
      { lat: 14.71, lng: 121.0 },
    ]);
    expect(frame.current?.lng).toBeCloseTo(121.01, 6);
  });

  it('stops at the last point after the end', () => {
    const frame = frameAt(track, t(99));
    expect(frame.current).toEqual({ lat: 14.71, lng: 121.02 });
    expect(frame.walked).toHaveLength(3);
  });

  it('has nothing to show for an empty track', () => {
    expect(frameAt([], t(0))).toEqual({ walked: [], current: null });
  });
});
