import type { ParsedPerformancePeriodQuery, PerformancePeriod, TopPerformer } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { topPerformers as rankTop } from '../performance/performance.service.ts';

/**
 * How long a period's ranking is reused. The ranking reads every active tanod's patrols, tracks,
 * incidents, ratings and loans (the dashboard's costliest part by far), and the dashboard is
 * refetched on every incident and patrol event; a ranking a minute old is still the ranking.
 */
export const TOP_PERFORMERS_TTL_MS = 60_000;

interface Cached {
  at: number;
  value: Promise<TopPerformer[]>;
}

const caches = new WeakMap<AppDeps, Map<string, Cached>>();

/** The period's best tanods by the performance ranking (issue 13 item 4), at most `limit`. */
export async function topPerformers(
  deps: AppDeps,
  query: Pick<ParsedPerformancePeriodQuery, 'period' | 'from' | 'to'>,
  period: PerformancePeriod,
  limit: number,
): Promise<TopPerformer[]> {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new Map();
    caches.set(deps, cache);
  }
  const now = deps.clock.now().getTime();
  for (const [key, entry] of cache) if (now - entry.at >= TOP_PERFORMERS_TTL_MS || now < entry.at) cache.delete(key);
  const key = `${period.from}|${period.to}|${limit}`;
  const hit = cache.get(key);
  if (hit) return hit.value;
  const value = rankTop(deps, query, limit).then((items) =>
    items.map((item) => ({
      tanod: item.tanod,
      rank: item.rank ?? 0,
      tiedWith: item.tiedWith,
      score: item.score,
      patrolsCompleted: item.patrolsCompleted,
      incidentsResolved: item.incidentsResolved,
      attendanceRate: item.attendanceRate,
      ratingAverage: item.ratingAverage,
    })),
  );
  cache.set(key, { at: now, value });
  // A failed ranking is not kept: the next call tries again.
  value.catch(() => cache.delete(key));
  return value;
}
