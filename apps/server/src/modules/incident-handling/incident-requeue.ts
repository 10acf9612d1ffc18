import { msg } from '@lingui/core/macro';
import type { AppDeps } from '../../deps.ts';
import type { IncidentRow, UserRow } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import type { Actor } from '../../http/actor.ts';
import { notify, type AfterCommit } from '../notifications/index.ts';
import { tanodsToAlert } from '../incident-alerts/index.ts';
import { addIncidentEvent, incidentChange } from '../incidents/index.ts';
import { sendIncidentStatusChanged } from '../webhooks/index.ts';
import { claimEscalation, returnActiveIncidentToQueue } from './incident-handling.repository.ts';
import { incidentLabel } from './incident-label.ts';

/**
 * A deactivated tanod cannot finish what they hold: in the deactivation's transaction (users calls
 * this through the link the composition root fills, deps.ts `links.staffAccounts`) their
 * in-progress incident goes back to the queue (pending, no responder), its timeline says why, and
 * the people who can take it over hear of it: the admins, and the on-duty tanods who could claim
 * it as they would a new report. `incident:updated` goes out after commit so open screens move.
 *
 * The escalation job (escalation.job.ts) counts from the report's time. A level the report has
 * already passed would fire at the next tick saying it "has had no responder" for that long, which
 * is untrue (it had one) and would repeat what this notice just told the same people; so those
 * levels are settled here, with the job's own claim. Levels still ahead fire as usual.
 */
export async function returnIncidentOfDeactivated(
  deps: AppDeps,
  tx: Tx,
  afterCommit: AfterCommit,
  input: { tanod: Pick<UserRow, 'id' | 'firstName' | 'lastName'>; actor: Actor; now: Date },
): Promise<IncidentRow | undefined> {
  const { tanod, actor, now } = input;
  const row = await returnActiveIncidentToQueue(tx, tanod.id, now);
  if (!row) return undefined;
  await addIncidentEvent(tx, {
    incidentId: row.id,
    at: now,
    kind: 'returned_to_queue',
    actorId: actor.id,
    subjectUserId: tanod.id,
    detail: 'The responder was deactivated',
  });
  const name = `${tanod.firstName} ${tanod.lastName}`;
  const message = () => {
    const incident = incidentLabel(row);
    return msg`${incident} is back in the queue: ${name}, who was responding, was deactivated`;
  };
  const entity = { type: 'incident' as const, id: row.id };
  await notify(deps, tx, afterCommit, { role: 'admins' }, { message, kind: 'incident.requeued', entity, except: [actor.id] });
  await notify(deps, tx, afterCommit, { userIds: await tanodsToAlert(tx, row, now) }, { message, kind: 'incident.requeued', entity, except: [tanod.id] });
  const { emergencyAfterMs, normalAfterMs } = deps.config.escalation;
  const afterMs = row.classification === 'emergency' ? emergencyAfterMs : normalAfterMs;
  const waited = now.getTime() - row.createdAt.getTime();
  for (const level of [1, 2] as const) {
    if (waited >= afterMs * level) await claimEscalation(tx, row.id, level, now);
  }
  await sendIncidentStatusChanged(deps, tx, afterCommit, row, 'in_progress');
  afterCommit(() => deps.events.publish('incident.updated', incidentChange(row)));
  return row;
}
