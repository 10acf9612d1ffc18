import type { AppDeps } from '../deps.ts';

/**
 * Scheduled work (escalations, reminders, overdue loans, absences, retention). A job runs every
 * `everyMs`: on PostgreSQL once per interval across all instances, through pg-boss (queue.ts,
 * decision 022); on the embedded database on this process's timers (startJobs below). A run can
 * still meet another (one that outlasts its interval, an instance that died mid-run and whose slot
 * expired), so each job stays idempotent by its data: it claims what it acts on with a unique row
 * (insert … on conflict do nothing returning) in the same transaction as its effects. That also
 * makes a crash between two runs harmless: the next run picks up what was not claimed.
 */
export interface Job {
  name: string;
  everyMs: number;
  /** `now` comes from the injectable clock, so tests move time and call `runJob` themselves. */
  run(deps: AppDeps, now: Date): Promise<void>;
}

export interface JobLogger {
  error(message: string, data?: Record<string, unknown>): void;
}
