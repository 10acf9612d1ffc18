import { msg, t } from '@lingui/core/macro';
import { PATROL_LIMITS } from '@bantay/shared';
import type { Job } from '../../lib/job.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notify } from '../notifications/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { listAreasByIds, listMembersOf, claimDueReminders } from './schedules.repository.ts';
import { describeWindow } from './shift-times.ts';

/**
 * docs/product.md §4.6: members are reminded 30 minutes before their schedule starts. Each reminder is
 * claimed by a conditional update in the same transaction as the notifications, so two instances
 * (or a retry after a crash) never send it twice.
 */
export const scheduleRemindersJob: Job = {
  name: 'schedule reminders',
  everyMs: 60_000,
  async run(deps, now) {
    const { timezone } = await getPublicSettings(deps);
    await inTransaction(deps.db, async (tx, afterCommit) => {
      const due = await claimDueReminders(tx, now, PATROL_LIMITS.reminderBeforeMs);
      if (due.length === 0) return;
      const members = await listMembersOf(tx, due.map((row) => row.id));
      const areas = new Map((await listAreasByIds(tx, due.map((row) => row.patrolAreaId))).map((area) => [area.id, area]));
      for (const schedule of due) {
        const tanodIds = members.filter((member) => member.scheduleId === schedule.id).map((member) => member.tanodId);
        if (tanodIds.length === 0) continue;
        await notify(
          deps,
          tx,
          afterCommit,
          { userIds: tanodIds },
          {
            // In each tanod's language (decision 029), the window's day and month names too.
            message: () => {
              const code = schedule.code;
              const area = areas.get(schedule.patrolAreaId)?.name ?? t`your area`;
              const window = describeWindow(schedule, timezone);
              return msg`Reminder: your patrol schedule ${code} in ${area} starts soon (${window})`;
            },
            kind: 'schedule.reminder',
            entity: { type: 'schedule', id: schedule.id },
          },
        );
      }
    });
  },
};
