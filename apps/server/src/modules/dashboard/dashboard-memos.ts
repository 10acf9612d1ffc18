import type { TanodPerformanceSummary, TopPerformer } from '@bantay/shared';
import { ExpiringMemo } from '../../lib/expiring-memo.ts';
import { TOP_PERFORMERS_TTL_MS } from './admin-dashboard.performers.ts';
import { MONTH_FIGURES_TTL_MS } from './tanod-dashboard.month.ts';

/** The dashboards' costliest figures, reused for a minute by each app instance (AppDeps.dashboardMemos). */
export interface DashboardMemos {
  /** A tanod's figures for the month, by tanod. */
  monthFigures: ExpiringMemo<TanodPerformanceSummary>;
  /** The admin dashboard's top performers, by period and count. */
  topPerformers: ExpiringMemo<TopPerformer[]>;
}

export function createDashboardMemos(): DashboardMemos {
  return {
    monthFigures: new ExpiringMemo(MONTH_FIGURES_TTL_MS),
    topPerformers: new ExpiringMemo(TOP_PERFORMERS_TTL_MS),
  };
}
