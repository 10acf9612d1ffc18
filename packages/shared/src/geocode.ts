import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/**
 * Reverse geocoding: a readable place for a point, so the report wizard can
 * fill the address. `GET /api/geocode/reverse?lat=&lng=` is public (the wizard needs no login)
 * and rate limited per address.
 */

/**
 * Seven decimals (about a centimetre): a subnormal number such as 3e-323 made PostgreSQL's
 * radians() underflow, which it reports as an error rather than 0.
 */
const toCentimetres = (degrees: number) => Math.round(degrees * 1e7) / 1e7;

export const reverseGeocodeQuerySchema = z.object({
  lat: z.coerce.number(zodMessage(msg`lat must be a number`)).min(-90, zodMessage(msg`lat must be between -90 and 90`)).max(90, zodMessage(msg`lat must be between -90 and 90`)).transform(toCentimetres),
  lng: z.coerce.number(zodMessage(msg`lng must be a number`)).min(-180, zodMessage(msg`lng must be between -180 and 180`)).max(180, zodMessage(msg`lng must be between -180 and 180`)).transform(toCentimetres),
});

export const reverseGeocodeResultSchema = z.object({
  /** A line for the address field, e.g. "Beside the chapel, Purok 2, Barangay San Roque"; null when nothing is known there. */
  address: z.string().nullable(),
  /** The purok or patrol area containing the point. */
  area: z.string().nullable(),
  /** The nearest landmark named by past reports within 100 m (by two reports at least). */
  landmark: z.string().nullable(),
  /** `local` from the barangay's own data; `nominatim` from the configured Nominatim server. */
  source: z.enum(['local', 'nominatim']),
});
export type ReverseGeocodeResult = z.infer<typeof reverseGeocodeResultSchema>;
