import type { Executor } from '../../db/transaction.ts';
import { listActiveTanodIds } from './incidents.repository.ts';

/**
 * The tanods who must hear about a new report now (product §4.2: "all on-duty tanods").
 *
 * "On duty" needs schedules, which do not exist yet: until they do, every active tanod counts as
 * on duty. The schedules feature changes this one function (tanods on an ongoing shift at `now`,
 * plus team leaders on call, for instance); its callers stay as they are.
 */
export async function onDutyTanodIds(tx: Executor, now: Date): Promise<string[]> {
  void now;
  return listActiveTanodIds(tx);
}
