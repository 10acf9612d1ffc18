import type { TanodPerformanceSummary } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { getTanodPerformance } from '../performance/index.ts';

/**
 * How long a tanod's figures for the month are reused. They are the dashboard's costliest read
 * (patrols, tracks, incidents, ratings, loans and the rank among every active tanod), and every
 * tanod's dashboard is refetched on every incident, schedule and patrol event; figures a minute
 * old are still this month's figures. The admin dashboard's top performers do the same.
 */
export const MONTH_FIGURES_TTL_MS = 60_000;

/** The tanod's figures for this calendar month in the barangay's timezone, without the chart series. */
export function monthFigures(deps: AppDeps, actor: Actor): Promise<TanodPerformanceSummary> {
  return deps.dashboardMemos.monthFigures.get(actor.id, deps.clock.now(), () =>
    getTanodPerformance(deps, actor, actor.id, { period: 'month' }).then(({ series: _series, ...summary }) => summary),
  );
}
