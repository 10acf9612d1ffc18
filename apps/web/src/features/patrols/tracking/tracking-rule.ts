import { distanceMeters } from '@bantay/shared';

/** docs/product.md §4.7: a point goes out when the tanod moved more than 5 m or 15 s passed. */
const SEND_MIN_DISTANCE_METERS = 5;
export const SEND_MAX_INTERVAL_MS = 15_000;

export interface TrackPoint {
  /** Device time of the fix, ISO 8601: kept as taken, so points sent late keep their real time. */
  at: string;
  lat: number;
  lng: number;
  accuracy: number;
  speed?: number;
  heading?: number;
}

/** Whether a new fix is worth recording, given the last one recorded (null: none yet). */
export function shouldRecord(last: TrackPoint | null, next: TrackPoint): boolean {
  if (!last) return true;
  const elapsed = Date.parse(next.at) - Date.parse(last.at);
  if (elapsed < 0) return false;
  if (elapsed >= SEND_MAX_INTERVAL_MS) return true;
  return distanceMeters(last, next) > SEND_MIN_DISTANCE_METERS;
}

/** A browser position as a track point; speed and heading only when the device reports them. */
export function toTrackPoint(position: GeolocationPosition): TrackPoint {
  const { latitude, longitude, accuracy, speed, heading } = position.coords;
  const point: TrackPoint = {
    at: new Date(position.timestamp).toISOString(),
    lat: latitude,
    lng: longitude,
    accuracy: Number.isFinite(accuracy) ? Math.min(100_000, Math.max(0, accuracy)) : 0,
  };
  if (speed !== null && Number.isFinite(speed)) point.speed = speed;
  if (heading !== null && Number.isFinite(heading)) point.heading = heading;
  return point;
}
