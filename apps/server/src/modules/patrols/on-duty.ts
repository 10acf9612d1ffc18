import type { Executor } from '../../db/transaction.ts';
import { listTanodsOnOngoingSchedules } from '../schedules/index.ts';
import { listActiveTanodIds } from '../users/index.ts';
import { listTanodsOnPatrol } from './patrols.repository.ts';

/**
 * The tanods who must hear about a new report now (docs/product.md §4.2: "all on-duty tanods"),
 * a read model of the patrols module, which knows both schedules and patrols: the incident alerts
 * (modules/incident-alerts) and requests for backup (modules/assistance) ask it through patrols'
 * door.
 *
 * On duty means on a schedule that is ongoing at `now`, or on a patrol in progress (a tanod may
 * start up to 30 minutes early, and may still be out after the shift ended). When nobody is on
 * duty, every active tanod is told, so a report never goes unheard by the force.
 */
export async function onDutyTanodIds(tx: Executor, now: Date): Promise<string[]> {
  const onDuty = new Set([...(await listTanodsOnOngoingSchedules(tx, now)), ...(await listTanodsOnPatrol(tx))]);
  if (onDuty.size === 0) return listActiveTanodIds(tx);
  return [...onDuty];
}
