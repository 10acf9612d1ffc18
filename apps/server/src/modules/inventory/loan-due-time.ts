import { RESOURCE_LIMITS } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import { dayIn } from '../../lib/time-zone.ts';
import { listSchedules } from '../schedules/index.ts';

export interface Shift {
  startsAt: Date;
  endsAt: Date;
}

export interface DueTime {
  dueAt: Date;
  basis: 'shift' | 'fallback';
}

/**
 * The tanod's shifts that can end a loan started at `now`: the one under way and those starting
 * within the next day (`defaultDueAt` keeps only those of the same day in the barangay's zone).
 */
export async function shiftsAround(db: Executor, tanodId: string, now: Date): Promise<Shift[]> {
  const rows = await listSchedules(db, { from: now, to: new Date(now.getTime() + 24 * 3_600_000), tanodId });
  return rows.map((row) => ({ startsAt: row.startsAt, endsAt: row.endsAt }));
}

/**
 * docs/product.md §4.8: a loan is due at the end of the borrower's current shift, else of their next shift
 * that starts later the same day (in the barangay's time zone), else 24 hours after it starts.
 */
export function defaultDueAt(now: Date, shifts: readonly Shift[], timeZone: string): DueTime {
  const current = shifts
    .filter((shift) => shift.startsAt <= now && now < shift.endsAt)
    .sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];
  if (current) return { dueAt: current.endsAt, basis: 'shift' };
  const today = dayIn(timeZone, now);
  const next = shifts
    .filter((shift) => shift.startsAt > now && dayIn(timeZone, shift.startsAt) === today)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  if (next) return { dueAt: next.endsAt, basis: 'shift' };
  return { dueAt: new Date(now.getTime() + RESOURCE_LIMITS.defaultLoanHours * 3_600_000), basis: 'fallback' };
}
