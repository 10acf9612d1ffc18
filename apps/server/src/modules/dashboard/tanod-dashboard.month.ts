import type { TanodPerformanceSummary } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../auth/actor.ts';
import { getTanodPerformance } from '../performance/performance.service.ts';

/**
 * How long a tanod's figures for the month are reused. They are the dashboard's costliest read
 * (patrols, tracks, incidents, ratings, loans and the rank among every active tanod), and every
 * tanod's dashboard is refetched on every incident, schedule and patrol event; figures a minute
 * old are still this month's figures. The admin dashboard's top performers do the same.
 */
export const MONTH_FIGURES_TTL_MS = 60_000;

interface Cached {
  at: number;
  value: Promise<TanodPerformanceSummary>;
}

// Per app instance (tests build several), so one database's figures never answer for another.
const caches = new WeakMap<AppDeps, Map<string, Cached>>();

/** The tanod's figures for this calendar month in the barangay's timezone, without the chart series. */
export function monthFigures(deps: AppDeps, actor: Actor): Promise<TanodPerformanceSummary> {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new Map();
    caches.set(deps, cache);
  }
  const now = deps.clock.now().getTime();
  for (const [key, entry] of cache) if (now - entry.at >= MONTH_FIGURES_TTL_MS || now < entry.at) cache.delete(key);
  const hit = cache.get(actor.id);
  if (hit) return hit.value;
  const value = getTanodPerformance(deps, actor, actor.id, { period: 'month' }).then(({ series: _series, ...summary }) => summary);
  cache.set(actor.id, { at: now, value });
  // A failed computation is not kept: the next call tries again.
  value.catch(() => cache.delete(actor.id));
  return value;
}
