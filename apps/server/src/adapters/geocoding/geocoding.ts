import type { ReverseGeocodeResult } from '@bantay/shared';
import type { OutsideServicesConfig } from '../../config.ts';
import type { AdapterLogger } from '../outside-service.ts';
import { createLocalGeocoder } from './local-geocoder.ts';
import { createNominatimGeocoder } from './nominatim-geocoder.ts';

/**
 * Reverse geocoding: a readable place for a point. The barangay's own data
 * answers by default, offline; `GEOCODER=nominatim` asks a Nominatim server too and falls back to
 * the local answer whenever it cannot (decision 018).
 */

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** What the barangay's own data says about a point (modules/geocode/geocode.repository.ts finds it). */
export interface BarangayPlace {
  barangayName: string | null;
  /** The purok or patrol area containing the point. */
  area: string | null;
  /** The nearest landmark named by past reports near the point. */
  landmark: string | null;
}

export interface ReverseGeocoder {
  readonly provider: 'local' | 'nominatim';
  reverse(point: GeoPoint, barangay: BarangayPlace): Promise<ReverseGeocodeResult>;
}

export function createGeocoder(config: OutsideServicesConfig, options: { log: AdapterLogger }): ReverseGeocoder {
  const geocoder = config.geocoder;
  if (geocoder.provider === 'nominatim') {
    return createNominatimGeocoder({ url: geocoder.url, userAgent: geocoder.userAgent, timeoutMs: config.timeoutMs, log: options.log });
  }
  return createLocalGeocoder();
}
