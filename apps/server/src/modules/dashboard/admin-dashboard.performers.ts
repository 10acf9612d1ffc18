import type { PerformancePeriod, TopPerformer } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';

/**
 * The period's best tanods by the performance ranking (issue 13 item 4). Until the performance
 * service lands on this branch there is no ranking to read, so the list is empty.
 */
export async function topPerformers(_deps: AppDeps, _period: PerformancePeriod, _limit: number): Promise<TopPerformer[]> {
  return [];
}
