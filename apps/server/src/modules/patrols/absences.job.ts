import { msg } from '@lingui/core/macro';
import type { Job } from '../../lib/job.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notify } from '../notifications/index.ts';
import { sendPatrolMissed } from '../webhooks/index.ts';
import { insertAbsences } from './patrols.repository.ts';

/** Schedules that ended longer ago than this are left alone (the job runs every minute). */
const LOOKBACK_MS = 7 * 86_400_000;

/**
 * docs/product.md §4.7: a member who never started by the schedule's end is absent. The insert claims
 * each (schedule, tanod) pair through its unique key, in the same transaction as the
 * notification, so two instances or a moved clock never mark anyone twice.
 */
export const absencesJob: Job = {
  name: 'patrol absences',
  everyMs: 60_000,
  async run(deps, now) {
    await inTransaction(deps.db, async (tx, afterCommit) => {
      const absences = await insertAbsences(tx, now, new Date(now.getTime() - LOOKBACK_MS));
      for (const absence of absences) {
        await notify(
          deps,
          tx,
          afterCommit,
          { userId: absence.tanodId },
          {
            // In the tanod's language (decision 029).
            message: () => {
              const code = absence.code;
              return msg`You were marked absent: the patrol of schedule ${code} was never started`;
            },
            kind: 'patrol.absent',
            entity: { type: 'patrol', id: absence.id },
          },
        );
        await sendPatrolMissed(deps, tx, afterCommit, absence, now);
      }
      const scheduleIds = [...new Set(absences.map((absence) => absence.scheduleId))];
      afterCommit(() => {
        for (const id of scheduleIds) deps.events.publish('schedule.updated', { id, updatedAt: now });
      });
    });
  },
};
