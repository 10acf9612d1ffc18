import { pointInPolygon, type ReverseGeocodeResult } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { BarangayPlace } from '../../adapters/geocoding/geocoding.ts';
import { findSettings } from '../settings/index.ts';
import { findSharedLandmarkNear, listActiveAreaShapes } from './geocode.repository.ts';

/** docs/product.md §4.2: "the nearest landmark of past reports within 100 m". */
const LANDMARK_RADIUS_METERS = 100;
/** A landmark is offered only once this many reports named it (geocode.repository.ts says why). */
const LANDMARK_MIN_REPORTS = 2;

/** What the barangay's own data says about the point: its name, the area containing it, a landmark near it. */
async function barangayPlaceOf(deps: Pick<AppDeps, 'db'>, point: { lat: number; lng: number }): Promise<BarangayPlace> {
  const [settings, areas, landmark] = await Promise.all([
    findSettings(deps.db),
    listActiveAreaShapes(deps.db),
    findSharedLandmarkNear(deps.db, point, LANDMARK_RADIUS_METERS, LANDMARK_MIN_REPORTS),
  ]);
  // Areas may overlap where they were drawn loosely: the first by name is as good as any.
  const area = areas.find((candidate) => pointInPolygon(point, candidate.polygon))?.name ?? null;
  return { barangayName: settings?.name ?? null, area, landmark };
}

/**
 * `GET /api/geocode/reverse`: a readable place for a point, for the address field of the report
 * wizard. Anyone may ask (the wizard is public), within a per-address rate limit; nothing about a
 * report but a landmark several reports named ever leaves.
 */
export async function reverseGeocode(deps: AppDeps, point: { lat: number; lng: number }): Promise<ReverseGeocodeResult> {
  return deps.geocoder.reverse(point, await barangayPlaceOf(deps, point));
}
