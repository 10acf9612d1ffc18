import type { Executor } from '../../db/transaction.ts';
import { listTanodsOnPatrol } from '../patrols/patrols.repository.ts';
import { listTanodsOnOngoingSchedules } from '../schedules/schedules.repository.ts';
import { listActiveTanodIds } from './incidents.repository.ts';

/**
 * The tanods who must hear about a new report now (docs/product.md §4.2: "all on-duty tanods").
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

/**
 * The tanods told of a report, its escalation or its return to the queue: the on-duty ones, or
 * nobody for a confidential case, which only admins see until one of them assigns it
 * (docs/decisions/027-confidential-cases.md).
 */
export async function tanodsToAlert(tx: Executor, incident: { confidential: boolean }, now: Date): Promise<string[]> {
  return incident.confidential ? [] : onDutyTanodIds(tx, now);
}
