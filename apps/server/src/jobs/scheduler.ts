import type { AppDeps } from '../deps.ts';
import type { Job, JobLogger } from '../lib/job.ts';

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
