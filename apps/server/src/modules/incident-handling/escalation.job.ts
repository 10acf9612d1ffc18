import { msg, plural, t } from '@lingui/core/macro';
import { incidentTypeLabel } from '../../lib/incident-types.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Job } from '../../lib/job.ts';
import { notify } from '../notifications/index.ts';
import { claimEscalation, listPendingCreatedBefore } from './incident-handling.repository.ts';
import { enqueueEmergencySmsAlerts, tanodsToAlert } from '../incident-alerts/index.ts';

/**
 * Escalation (docs/product.md §4.4): a pending emergency with no responder after
 * ESCALATE_EMERGENCY_AFTER_S (a normal report after ESCALATE_NORMAL_AFTER_S) notifies every admin
 * and on-duty tanod, and once more at twice the time. Each (incident, level) is claimed with a
 * unique row in the transaction of its notifications, so two instances never notify twice and
 * a crash before commit leaves the level for the next tick.
 */

/** How long it waited, in the language being written (t). */
function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (ms < 60_000) {
    const seconds = Math.round(ms / 1000);
    return t`${plural(seconds, { one: '# second', other: '# seconds' })}`;
  }
  return t`${plural(minutes, { one: '# minute', other: '# minutes' })}`;
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
          // Built in each recipient's language (notifications.service.ts `inEveryLanguage`).
          const message = () => {
            const { ticket } = incident;
            const lead = classification === 'emergency' ? t`EMERGENCY incident ${ticket}` : t`Incident ${ticket}`;
            // Only admins hear of a confidential case, and the notice still names neither type nor place.
            const place = incident.confidential ? null : (incident.landmark ?? incident.address)?.slice(0, 80);
            const type = incident.confidential ? t`confidential case` : incidentTypeLabel(incident.type);
            const time = duration(waited);
            const what = place ? t`${lead} (${type} near ${place})` : t`${lead} (${type})`;
            return level === 2 ? msg`Reminder: ${what} has had no responder for ${time}` : msg`${what} has had no responder for ${time}`;
          };
          const input = { message, kind: 'incident.escalated', entity: { type: 'incident' as const, id: incident.id } };
          await notify(deps, tx, afterCommit, { role: 'admins' }, input);
          await notify(deps, tx, afterCommit, { userIds: await tanodsToAlert(tx, incident, now) }, input);
          // With SMS_ALERTS, an emergency's level is texted too, claimed with the same row.
          await enqueueEmergencySmsAlerts(deps, tx, afterCommit, incident, { level, waited: () => duration(waited) }, now);
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
