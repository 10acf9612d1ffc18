import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { IncidentRow } from '../../db/schema/index.ts';
import { incidentTypeLabel } from '../../lib/incident-types.ts';
import type { Job } from '../../lib/job.ts';
import { notify } from '../notifications/index.ts';
import { tanodsToAlert } from '../incident-alerts/index.ts';
import { claimHeldBurstReports, lastBurstSummaryAt, listBurstGroupHeads, lockBurstSummaries } from './emergency-bursts.repository.ts';

/**
 * The burst summaries (docs/decisions/031-emergency-bursts.md): the burst reports held in a group
 * alert nobody one by one; instead, at most once every five minutes, the admins and the tanods on
 * duty get one notice per group, "12 more emergency reports near X in 10 minutes", on the panel and
 * as an emergency push that takes the place of the group's first alert on a phone (same tag). The
 * first summary of a burst goes at the next run, within seconds.
 */
export const BURST_SUMMARY_EVERY_MS = 5 * 60_000;

type GroupHead = Pick<IncidentRow, 'id' | 'ticket' | 'type' | 'landmark' | 'address' | 'confidential'>;

/** Sends the summaries when due; returns how many groups were summarised. */
export async function sendDueBurstSummaries(deps: AppDeps, now: Date): Promise<number> {
  return inTransaction(deps.db, async (tx, afterCommit) => {
    // Taken before reading the last summary's time: a second instance waits, then sees this one's.
    await lockBurstSummaries(tx);
    const last = await lastBurstSummaryAt(tx);
    if (last && now.getTime() - last.getTime() < BURST_SUMMARY_EVERY_MS) return 0;
    const held = await claimHeldBurstReports(tx, now);
    const groups = new Map<string, { count: number; oldest: Date }>();
    for (const report of held) {
      const group = groups.get(report.burstGroupId!) ?? { count: 0, oldest: report.createdAt };
      group.count += 1;
      if (report.createdAt < group.oldest) group.oldest = report.createdAt;
      groups.set(report.burstGroupId!, group);
    }
    const heads = await listBurstGroupHeads(tx, [...groups.keys()]);
    for (const head of heads) {
      const { count, oldest } = groups.get(head.id)!;
      const minutes = Math.max(1, Math.ceil((now.getTime() - oldest.getTime()) / 60_000));
      const input = {
        message: () => summaryMessage(head, count, minutes),
        kind: 'incident.emergency_burst',
        entity: { type: 'incident' as const, id: head.id },
      };
      await notify(deps, tx, afterCommit, { role: 'admins' }, input);
      // Nobody but the admins for a group whose first report has since become confidential.
      await notify(deps, tx, afterCommit, { userIds: await tanodsToAlert(tx, head, now) }, input);
    }
    return heads.length;
  });
}

/** Built in each recipient's language (notifications.service.ts `inEveryLanguage`). */
function summaryMessage(head: GroupHead, count: number, minutes: number): MessageDescriptor {
  const { ticket } = head;
  const reports = t`${plural(count, { one: '# more emergency report', other: '# more emergency reports' })}`;
  const time = t`${plural(minutes, { one: '# minute', other: '# minutes' })}`;
  // Only admins get it then, and it may show on a lock screen: neither what nor where.
  if (head.confidential) return msg`EMERGENCY: ${reports} in ${time}, grouped with the confidential case ${ticket}`;
  const type = incidentTypeLabel(head.type);
  const place = (head.landmark ?? head.address ?? '').slice(0, 120);
  if (place) return msg`EMERGENCY: ${reports} near ${place} in ${time} (${type}, grouped with ticket ${ticket})`;
  return msg`EMERGENCY: ${reports} in ${time} (${type}, grouped with ticket ${ticket})`;
}

export const burstSummaryJob: Job = {
  name: 'emergency burst summaries',
  // The first summary of a burst should follow its first held report closely; the query is one index read.
  everyMs: 15_000,
  run: async (deps, now) => {
    await sendDueBurstSummaries(deps, now);
  },
};
