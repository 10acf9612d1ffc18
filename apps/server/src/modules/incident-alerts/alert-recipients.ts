import type { Executor } from '../../db/transaction.ts';
import { onDutyTanodIds } from '../patrols/index.ts';

/**
 * The tanods told of a report, its escalation or its return to the queue: the on-duty ones
 * (patrols/on-duty.ts), or nobody for a confidential case, which only admins see until one of them
 * assigns it (docs/decisions/027-confidential-cases.md).
 */
export async function tanodsToAlert(tx: Executor, incident: { confidential: boolean }, now: Date): Promise<string[]> {
  return incident.confidential ? [] : onDutyTanodIds(tx, now);
}
