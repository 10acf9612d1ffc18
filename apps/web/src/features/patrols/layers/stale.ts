import { PATROL_LIMITS } from '@bantay/shared';

/** docs/product.md §4.7: a marker greys when the tanod's last point is older than 5 minutes. */
export const isStale = (at: string, now: number) => now - Date.parse(at) > PATROL_LIMITS.staleAfterMs;
