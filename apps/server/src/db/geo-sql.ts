import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Great-circle metres between a row's `lat`/`lng` columns and a point, in SQL: the same haversine
 * formula as `distanceMeters` in packages/shared (no PostGIS, decision 001), so SQL ordering and
 * the figures shown agree.
 */
export function distanceSql(point: { lat: number; lng: number }, columns: { lat: AnyPgColumn; lng: AnyPgColumn }): SQL<number> {
  return sql<number>`(2 * 6371008.8 * asin(least(1, sqrt(
    power(sin(radians(${columns.lat} - ${point.lat}::double precision) / 2), 2)
    + cos(radians(${point.lat}::double precision)) * cos(radians(${columns.lat})) * power(sin(radians(${columns.lng} - ${point.lng}::double precision) / 2), 2)
  ))))`;
}
