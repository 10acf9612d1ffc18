import type { GeoPoint } from './geocoding.ts';

/**
 * Answers of an outside geocoder by rounded point: kept `ttlMs`, at most `maxEntries` (the oldest
 * go first), and one request in flight per point, so two reporters on the same corner, or one
 * nudging the pin, cost a single outside call. Failures are not kept: the next call tries again.
 */
export class AddressCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  private readonly inFlight = new Map<string, Promise<T | 'busy'>>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  /** 4 decimals of a degree: about 11 m, finer than a pin can be placed by thumb. */
  static keyOf(point: GeoPoint): string {
    return `${point.lat.toFixed(4)},${point.lng.toFixed(4)}`;
  }

  async get(key: string, load: () => Promise<T | 'busy'>): Promise<T | 'busy'> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    if (hit) this.entries.delete(key);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const loading = load().then((value) => {
      if (value !== 'busy') this.store(key, value);
      return value;
    });
    this.inFlight.set(key, loading);
    try {
      return await loading;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private store(key: string, value: T): void {
    this.entries.set(key, { value, at: Date.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
