import type { ReverseGeocodeResult } from '@bantay/shared';
import { AddressCache } from './address-cache.ts';
import type { BarangayPlace, GeoPoint, ReverseGeocoder } from './geocoding.ts';
import { joinDistinct, localAnswer } from './local-geocoder.ts';
import { excerpt, getJson, OutsideServiceError, type AdapterLogger } from '../outside-service.ts';

const SERVICE = 'Nominatim';

/** The parts of a Nominatim address this app shows, or null where the server knows no address. */
export interface NominatimAddress {
  street: string | null;
  locality: string | null;
  city: string | null;
}

export interface NominatimOptions {
  /** The server's base URL, e.g. https://nominatim.example.org (its /reverse is called). */
  url: string;
  /** Identifies this installation, as the usage policy asks (no stock library agent). */
  userAgent: string;
  timeoutMs: number;
  log: AdapterLogger;
  /** Spacing of requests; the public server's policy is at most one a second. */
  minIntervalMs?: number;
  /** A request that would wait longer than this for its turn is not sent: the local answer serves. */
  maxWaitMs?: number;
  /** How long an answer is reused for the same rounded point. */
  cacheTtlMs?: number;
  cacheSize?: number;
}

/**
 * A Nominatim server, used as its usage policy asks (operations.osmfoundation.org/policies/nominatim):
 * a User-Agent naming the application, at most one request a second from this process (later ones
 * wait their turn, up to `maxWaitMs`, else are not sent), and answers cached by the point rounded
 * to 4 decimals (about 11 m), so a reporter nudging the pin does not ask again. Whatever fails
 * (timeout, an HTTP error, a full queue) falls back to the barangay's own answer.
 */
export function createNominatimGeocoder(options: NominatimOptions): ReverseGeocoder {
  const minIntervalMs = options.minIntervalMs ?? 1000;
  const maxWaitMs = options.maxWaitMs ?? 3000;
  const cache = new AddressCache<NominatimAddress | null>(options.cacheSize ?? 2000, options.cacheTtlMs ?? 24 * 3_600_000);
  const base = options.url.replace(/\/+$/, '');
  let nextSlotAt = 0;

  /** Waits for this request's turn, or refuses when the queue is too long. */
  async function takeTurn(): Promise<boolean> {
    const now = Date.now();
    const slot = Math.max(now, nextSlotAt);
    if (slot - now > maxWaitMs) return false;
    nextSlotAt = slot + minIntervalMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
    return true;
  }

  async function lookup(point: GeoPoint): Promise<NominatimAddress | null | 'busy'> {
    if (!(await takeTurn())) return 'busy';
    const query = new URLSearchParams({
      format: 'jsonv2',
      lat: point.lat.toFixed(6),
      lon: point.lng.toFixed(6),
      zoom: '18',
      addressdetails: '1',
    });
    const answer = await getJson(SERVICE, `${base}/reverse?${query}`, {
      timeoutMs: options.timeoutMs,
      headers: { 'user-agent': options.userAgent },
    });
    if (answer.status !== 200) throw new OutsideServiceError(SERVICE, `HTTP ${answer.status}: ${excerpt(answer.text)}`);
    return parseNominatim(answer.json);
  }

  return {
    provider: 'nominatim',
    async reverse(point: GeoPoint, barangay: BarangayPlace): Promise<ReverseGeocodeResult> {
      let address: NominatimAddress | null;
      try {
        const found = await cache.get(AddressCache.keyOf(point), () => lookup(point));
        if (found === 'busy') return localAnswer(barangay);
        address = found;
      } catch (error) {
        options.log.warn('Reverse geocoding failed; the barangay data answered instead', { error: (error as Error).message });
        return localAnswer(barangay);
      }
      if (!address) return localAnswer(barangay);
      return {
        address: joinDistinct([barangay.landmark, address.street, barangay.area, address.locality, address.city]),
        area: barangay.area,
        landmark: barangay.landmark,
        source: 'nominatim',
      };
    },
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Reads a `format=jsonv2` answer; `{ error: "Unable to geocode" }` (the sea, a field) is null. */
export function parseNominatim(json: unknown): NominatimAddress | null {
  if (!json || typeof json !== 'object') throw new OutsideServiceError(SERVICE, 'the answer is not JSON');
  const body = json as { error?: unknown; address?: Record<string, unknown>; display_name?: unknown };
  if (body.error !== undefined) return null;
  const a = body.address ?? {};
  const road = text(a.road) ?? text(a.pedestrian) ?? text(a.footway) ?? text(a.path);
  const street = road ? joinDistinct([[text(a.house_number), road].filter(Boolean).join(' ')]) : null;
  const locality = text(a.neighbourhood) ?? text(a.hamlet) ?? text(a.quarter) ?? text(a.suburb) ?? text(a.village);
  const city = text(a.city) ?? text(a.town) ?? text(a.municipality);
  if (!street && !locality && !city) {
    const display = text(body.display_name);
    return display ? { street: display.split(',').slice(0, 2).join(',').trim(), locality: null, city: null } : null;
  }
  return { street, locality, city };
}
