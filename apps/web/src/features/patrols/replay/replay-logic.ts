/** Where a replayed patrol is at a moment: plain functions over the track, tested without a map. */

export interface TimedPoint {
  at: string;
  lat: number;
  lng: number;
}

export interface ReplayFrame {
  /** The route walked so far, ending at the current position. */
  walked: { lat: number; lng: number }[];
  /** The current position, between two recorded points when the moment falls between them. */
  current: { lat: number; lng: number } | null;
}

/** The track's time span in epoch ms, or null for an empty track. */
export function trackSpan(points: TimedPoint[]): { start: number; end: number } | null {
  if (points.length === 0) return null;
  return { start: Date.parse(points[0]!.at), end: Date.parse(points[points.length - 1]!.at) };
}

/**
 * The frame at `time` (epoch ms) of a track sorted by time: the points up to that moment and the
 * position on the segment being walked, interpolated linearly between its two ends.
 */
export function frameAt(points: TimedPoint[], time: number): ReplayFrame {
  if (points.length === 0) return { walked: [], current: null };
  const times = points.map((point) => Date.parse(point.at));
  if (time <= times[0]!) return { walked: [points[0]!], current: points[0]! };
  // The last point at or before `time` (binary search: tracks hold thousands of points).
  let low = 0;
  let high = points.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (times[middle]! <= time) low = middle;
    else high = middle - 1;
  }
  const walked = points.slice(0, low + 1).map(({ lat, lng }) => ({ lat, lng }));
  const next = points[low + 1];
  if (!next) return { walked, current: walked[walked.length - 1]! };
  const from = points[low]!;
  const share = (time - times[low]!) / (times[low + 1]! - times[low]!);
  const current = { lat: from.lat + (next.lat - from.lat) * share, lng: from.lng + (next.lng - from.lng) * share };
  walked.push(current);
  return { walked, current };
}
