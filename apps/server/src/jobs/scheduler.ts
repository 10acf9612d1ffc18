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

/** One run of one job; failures are logged, never thrown, so one bad job stops nothing else. */
export async function runJob(deps: AppDeps, job: Job, log: JobLogger): Promise<void> {
  try {
    await job.run(deps, deps.clock.now());
  } catch (error) {
    log.error(`job "${job.name}" failed: ${(error as Error).message}`, { err: error });
  }
}

export interface JobScheduler {
  /** Stops the timers and waits for runs in progress, so shutdown never cuts a job in half. */
  stop(): Promise<void>;
}

/** Starts every job on its interval in this process (the embedded database). Runs of one job never overlap. */
export function startJobs(deps: AppDeps, jobs: readonly Job[], log: JobLogger): JobScheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const run = runJob(deps, job, log).finally(() => {
        busy = false;
        running.delete(run);
      });
      running.add(run);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    timers.push(timer);
  }
  return {
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...running]);
    },
  };
}
