import { and, asc, between, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { distanceSql } from '../../db/geo-sql.ts';
import { incidents, patrolAreas } from '../../db/schema/index.ts';

/** The barangay's own data about a point, for the local geocoder (adapters/geocoding). */

export async function listActiveAreaShapes(db: Executor) {
  return db
    .select({ name: patrolAreas.name, polygon: patrolAreas.polygon })
    .from(patrolAreas)
    .where(eq(patrolAreas.active, true))
    .orderBy(asc(patrolAreas.name));
}

/**
 * The nearest landmark, within `radiusMeters`, that at least `minReports` different reports named
 * (the same words, ignoring case and spaces around them). Rejected reports do not count. One
 * report's landmark may be a private detail ("in front of the Santos house"); a place several
 * reporters named is a place people know, and safe to offer a stranger. Confidential cases do not
 * count at all.
 */
export async function findSharedLandmarkNear(
  db: Executor,
  point: { lat: number; lng: number },
  radiusMeters: number,
  minReports: number,
): Promise<string | null> {
  // A box around the point first (1° of latitude ≈ 111 km), then the exact distance.
  const dLat = radiusMeters / 111_000;
  const dLng = dLat / Math.max(0.01, Math.cos((point.lat * Math.PI) / 180));
  const distance = distanceSql(point, { lat: incidents.lat, lng: incidents.lng });
  const key = sql<string>`lower(trim(${incidents.landmark}))`;
  const [row] = await db
    .select({ landmark: sql<string>`min(trim(${incidents.landmark}))`, nearest: sql<number>`min(${distance})` })
    .from(incidents)
    .where(
      and(
        isNotNull(incidents.landmark),
        ne(incidents.status, 'rejected'),
        // A confidential case's place is never offered to anyone (docs/decisions/027-confidential-cases.md).
        eq(incidents.confidential, false),
        between(incidents.lat, point.lat - dLat, point.lat + dLat),
        between(incidents.lng, point.lng - dLng, point.lng + dLng),
        sql`${distance} <= ${radiusMeters}`,
        sql`trim(${incidents.landmark}) <> ''`,
      ),
    )
    .groupBy(key)
    .having(sql`count(*) >= ${minReports}`)
    .orderBy(sql`min(${distance})`)
    .limit(1);
  return row?.landmark ?? null;
}
