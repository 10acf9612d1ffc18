import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { notify } from '../notifications/notifications.service.ts';
import { claimEscalation, listPendingCreatedBefore } from './incident-handling.repository.ts';
import { tanodsToAlert } from './on-duty.ts';
import { enqueueEmergencySmsAlerts } from './incident-sms.ts';

/**
 * Escalation (docs/product.md §4.4): a pending emergency with no responder after
 * ESCALATE_EMERGENCY_AFTER_S (a normal report after ESCALATE_NORMAL_AFTER_S) notifies every admin
 * and on-duty tanod, and once more at twice the time. Each (incident, level) is claimed with a
 * unique row in the transaction of its notifications, so two instances never notify twice and
 * a crash before commit leaves the level for the next tick.
 */

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (ms < 60_000) return `${Math.round(ms / 1000)} seconds`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export async function escalatePendingIncidents(deps: AppDeps, now: Date): Promise<number> {
  let notified = 0;
  const thresholds = [
    { classification: 'emergency', afterMs: deps.config.escalation.emergencyAfterMs },
    { classification: 'normal', afterMs: deps.config.escalation.normalAfterMs },
  ] as const;
  for (const { classification, afterMs } of thresholds) {
    // The reminder first: an incident already past twice the time gets one message, not two.
    for (const level of [2, 1] as const) {
      const waited = afterMs * level;
      const candidates = await listPendingCreatedBefore(deps.db, classification, new Date(now.getTime() - waited));
      for (const incident of candidates) {
        const sent = await inTransaction(deps.db, async (tx, afterCommit) => {
          if (!(await claimEscalation(tx, incident.id, level, now))) return false;
          // Reaching the reminder settles the first level too, so it never fires late.
          if (level === 2) await claimEscalation(tx, incident.id, 1, now);
          const lead = classification === 'emergency' ? `EMERGENCY incident ${incident.ticket}` : `Incident ${incident.ticket}`;
          // Only admins hear of a confidential case, and the notice still names neither type nor place.
          const place = incident.confidential ? null : (incident.landmark ?? incident.address);
          const type = incident.confidential ? 'confidential case' : incident.type;
          const reminder = level === 2 ? 'Reminder: ' : '';
          const message = `${reminder}${lead} (${type}${place ? ` near ${place.slice(0, 80)}` : ''}) has had no responder for ${duration(waited)}`;
          const input = { message, kind: 'incident.escalated', entity: { type: 'incident' as const, id: incident.id } };
          await notify(deps, tx, afterCommit, { role: 'admins' }, input);
          await notify(deps, tx, afterCommit, { userIds: await tanodsToAlert(tx, incident, now) }, input);
          // With SMS_ALERTS, an emergency's level is texted too, claimed with the same row.
          await enqueueEmergencySmsAlerts(deps, tx, afterCommit, incident, { level, waited: duration(waited) }, now);
          return true;
        });
        if (sent) notified += 1;
      }
    }
  }
  return notified;
}

export const escalationJob: Job = {
  name: 'incident escalation',
  // A tenth of the shortest allowed threshold is precise enough and cheap (one indexed query per level).
  everyMs: 10_000,
  run: async (deps, now) => {
    await escalatePendingIncidents(deps, now);
  },
};
