import { msg, t } from '@lingui/core/macro';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Job } from '../../lib/job.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { dayIn, formatInZone } from '../../lib/time-zone.ts';
import { notify } from '../notifications/index.ts';
import { barangayTimeZone } from '../settings/index.ts';
import { claimOverdueReminders } from './loans.repository.ts';
import { findPeople } from '../users/index.ts';

/**
 * docs/product.md §4.8: the borrower and the admins hear of each overdue loan once a day (the barangay's
 * day). The job runs often so a loan that falls overdue is reported the same day; the claim row
 * per loan and day makes every later run that day, on any instance, a no-op.
 */
export async function remindOverdueLoans(deps: AppDeps, now: Date): Promise<number> {
  const timeZone = await barangayTimeZone(deps.db);
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const claimed = await claimOverdueReminders(tx, now, dayIn(timeZone, now));
    const people = await findPeople(
      tx,
      claimed.map(({ loan }) => loan.borrowerId),
    );
    for (const { loan, item } of claimed) {
      const what = `${loan.quantity} × ${item.name}`;
      // Each recipient reads it in their language (decision 029), the due date's month too.
      const due = () => formatInZone(timeZone, loan.dueAt, undefined, currentLocale());
      const borrower = people.get(loan.borrowerId);
      const entity = { type: 'loan' as const, id: loan.id };
      await notify(
        deps,
        tx,
        afterCommit,
        { userId: loan.borrowerId },
        {
          message: () => {
            const date = due();
            return msg`Overdue equipment: please return the ${what} you borrowed (due ${date}).`;
          },
          kind: 'loan.overdue',
          entity,
        },
      );
      await notify(
        deps,
        tx,
        afterCommit,
        { role: 'admins' },
        {
          message: () => {
            const name = borrower ? `${borrower.firstName} ${borrower.lastName}` : t`A tanod`;
            const date = due();
            return msg`Overdue equipment: ${name} has not returned ${what} (due ${date}).`;
          },
          kind: 'loan.overdue',
          entity,
        },
      );
    }
    return claimed.length;
  });
}

export const overdueLoansJob: Job = {
  name: 'overdue-loans',
  everyMs: 15 * 60_000,
  run: async (deps, now) => {
    await remindOverdueLoans(deps, now);
  },
};
