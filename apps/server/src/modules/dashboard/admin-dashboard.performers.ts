import type { ParsedPerformancePeriodQuery, PerformancePeriod, TopPerformer } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { topPerformers as rankTop } from '../performance/index.ts';

/**
 * How long a period's ranking is reused. The ranking reads every active tanod's patrols, tracks,
 * incidents, ratings and loans (the dashboard's costliest part by far), and the dashboard is
 * refetched on every incident and patrol event; a ranking a minute old is still the ranking.
 */
export const TOP_PERFORMERS_TTL_MS = 60_000;

/** The period's best tanods by the performance ranking, at most `limit`. */
export async function topPerformers(
  deps: AppDeps,
  query: Pick<ParsedPerformancePeriodQuery, 'period' | 'from' | 'to'>,
  period: PerformancePeriod,
  limit: number,
): Promise<TopPerformer[]> {
  return deps.dashboardMemos.topPerformers.get(`${period.from}|${period.to}|${limit}`, deps.clock.now(), () =>
    rankTop(deps, query, limit).then((items) =>
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
    ),
  );
}
