import crypto from 'node:crypto';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { AppDeps } from '../deps.ts';
import type { Job, JobLogger } from '../lib/job.ts';
import { runJob, startJobs, type JobScheduler } from './scheduler.ts';

/**
 * Timed jobs on PostgreSQL (decision 022): every instance offers each job once per interval, and
 * pg-boss gives each offer to one worker of one instance. An offer carries the id of its time
 * slot (the job's name and `floor(now / everyMs)` from the injectable clock), and pg-boss inserts
 * jobs with `on conflict do nothing` on (name, id): the first instance to offer a slot creates its
 * job, every later offer of that slot is a no-op. So a job due once runs once, whatever the number
 * of instances, and runs while at least one instance is up.
 *
 * On the embedded database there is one process: the same job definitions run on its timers
 * (scheduler.ts startJobs).
 */
export interface QueuedJobs extends JobScheduler {
  /**
   * Offers the job's current slot now (what the timer does every `everyMs`). Answers the pg-boss
   * job id when this call created the slot's job, null when it existed already. Tests call it.
   */
  offer(jobName: string): Promise<string | null>;
}

export interface QueueOptions {
  /**
   * How often each instance looks for jobs another instance created. The instance that creates a
   * slot's job runs it at once (notifyWorker), so this matters only when that instance died or is
   * still busy with the slot before; 15 s keeps the polling to one query a second for nine jobs.
   */
  pollingIntervalSeconds?: number;
}

/** pg-boss's queue names allow letters, digits, `.`, `-`, `_` and `/`. */
export function queueName(job: Job): string {
  return `bantay.${job.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** The same UUID on every instance for one job and one slot (the pg-boss job's primary key). */
function slotJobId(job: Job, now: Date): string {
  const slot = Math.floor(now.getTime() / job.everyMs);
  const hex = crypto.createHash('sha256').update(`bantay-job:${job.name}:${job.everyMs}:${slot}`).digest('hex');
  // Shaped as a version-5-style UUID so PostgreSQL's uuid type takes it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function startQueuedJobs(
  deps: AppDeps,
  pool: pg.Pool,
  jobs: readonly Job[],
  log: JobLogger,
  options: QueueOptions = {},
): Promise<QueuedJobs> {
  const boss = new PgBoss({
    // The app's own pool: no second set of connections, and main.ts closes it after boss.stop().
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    // Slots come from our clock and ids; pg-boss's cron is not used.
    schedule: false,
    // A finished run matters only as the slot's guard: kept an hour, then archived and dropped in a day.
    archiveCompletedAfterSeconds: 3_600,
    archiveFailedAfterSeconds: 3_600,
    deleteAfterHours: 24,
  });
  boss.on('error', (error: Error) => log.error(`job queue: ${error.message}`, { err: error }));
  await boss.start();

  await setUpQueues(boss, pool, jobs);
  const byName = new Map<string, { job: Job; queue: string; workerId: string }>();
  for (const job of jobs) {
    const queue = queueName(job);
    const workerId = await boss.work(
      queue,
      { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 15 },
      async () => {
        await runJob(deps, job, log);
      },
    );
    byName.set(job.name, { job, queue, workerId });
  }

  const offer = async (jobName: string): Promise<string | null> => {
    const entry = byName.get(jobName);
    if (!entry) throw new Error(`no job named "${jobName}"`);
    const id = await boss.send(entry.queue, {}, { id: slotJobId(entry.job, deps.clock.now()) });
    // This instance created the slot's job: its worker takes it now instead of at its next poll.
    if (id) boss.notifyWorker(entry.workerId);
    return id;
  };

  let stopping = false;
  const offering = new Set<Promise<unknown>>();
  const timers = [...byName.values()].map(({ job }) => {
    const timer = setInterval(() => {
      if (stopping) return;
      const sent = offer(job.name)
        .catch((error: unknown) => log.error(`job "${job.name}" could not be offered: ${(error as Error).message}`, { err: error }))
        .finally(() => offering.delete(sent));
      offering.add(sent);
    }, job.everyMs);
    timer.unref();
    return timer;
  });

  return {
    offer,
    stop: async () => {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...offering]);
      // Waits for the runs in progress (shutdown never cuts a job in half); the pool stays open for main.ts to close.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    },
  };
}

/** "bantay-q" in ASCII: the advisory lock of queue setup, apart from the migrations' "bantay-m". */
const QUEUE_SETUP_LOCK_KEY = 0x62616e7461792d71n;

/**
 * Creates (or updates) each job's queue. pg-boss creates a queue's partition of its job table
 * without a lock of its own, and two instances starting together on a fresh database deadlock
 * there (seen with two servers started at once); so the instances take turns under an advisory
 * lock, held on a connection of its own for the few milliseconds this takes.
 */
async function setUpQueues(boss: PgBoss, pool: pg.Pool, jobs: readonly Job[]): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_KEY.toString()]);
    try {
      for (const job of jobs) {
        const queue = queueName(job);
        const options: PgBoss.Queue = {
          name: queue,
          policy: 'standard',
          // A failed run is logged by runJob and not retried: the next slot runs the job again.
          retryLimit: 0,
          // An offer no instance took within an hour (every instance down) is dropped.
          retentionMinutes: 60,
          // A run still active after this belonged to an instance that died mid-run.
          expireInSeconds: Math.max(60, Math.ceil((job.everyMs * 3) / 1000)),
        };
        if (await boss.getQueue(queue)) await boss.updateQueue(queue, options);
        else await boss.createQueue(queue, options);
      }
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_KEY.toString()]);
    }
  } finally {
    lock.release();
  }
}

/**
 * main.ts: on PostgreSQL the jobs go through the queue, so several instances run each once; on the
 * embedded database, in this process on timers.
 */
export async function startScheduledJobs(deps: AppDeps, pool: pg.Pool | undefined, jobs: readonly Job[], log: JobLogger): Promise<JobScheduler> {
  return pool ? startQueuedJobs(deps, pool, jobs, log) : startJobs(deps, jobs, log);
}
