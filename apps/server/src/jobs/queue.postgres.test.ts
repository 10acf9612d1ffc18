import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.ts';
import { startTwoInstances, type TwoInstances } from '../../test/two-instances.ts';
import { queueName, startQueuedJobs, type QueuedJobs } from './queue.ts';
import type { Job } from '../lib/job.ts';

const HOUR = 3_600_000;

// Two real instances on one PostgreSQL database sharing one moved clock, each running the
// same job definition on pg-boss; the job records which instance ran it.
const clock = new ManualClock(new Date('2026-06-01T08:10:00Z'));
const runs: string[] = [];
const errors: string[] = [];
const waiting: (() => void)[] = [];
const nextRun = () => new Promise<void>((resolve) => waiting.push(resolve));
const countedJob = (instance: string): Job => ({
  name: 'counted run',
  // Long enough that the timers never fire during the test: it offers the slots itself.
  everyMs: HOUR,
  run: async () => {
    runs.push(instance);
    waiting.shift()?.();
  },
});
const log = { error: (message: string) => void errors.push(message) };
/** As many queues as the server has jobs: two instances creating them at once once deadlocked in pg-boss. */
const otherJobs: Job[] = Array.from({ length: 8 }, (_, index) => ({ name: `other ${index}`, everyMs: HOUR, run: async () => undefined }));

let cluster: TwoInstances;
let queueA: QueuedJobs;
let queueB: QueuedJobs;
beforeAll(async () => {
  cluster = await startTwoInstances({ depsA: { clock }, depsB: { clock } });
  // Both start at once, as two instances behind a load balancer do: pg-boss creates its schema once.
  [queueA, queueB] = await Promise.all([
    startQueuedJobs(cluster.a.ctx.deps, cluster.a.ctx.database.pool!, [countedJob('A'), ...otherJobs], log),
    startQueuedJobs(cluster.b.ctx.deps, cluster.b.ctx.database.pool!, [countedJob('B'), ...otherJobs], log),
  ]);
});
afterAll(async () => {
  await queueA?.stop();
  await queueB?.stop();
  await cluster?.close();
});

async function jobRows(): Promise<{ id: string; state: string }[]> {
  const result = (await cluster.a.ctx.deps.db.execute(
    sql`select id, state from pgboss.job where name = ${queueName(countedJob('A'))} order by created_on`,
  )) as unknown as { rows: { id: string; state: string }[] };
  return result.rows;
}

describe('timed jobs on two instances', () => {
  it('a slot offered by both instances (three times) makes one job, run once by one of them', async () => {
    const ran = nextRun();
    const ids = await Promise.all([queueA.offer('counted run'), queueB.offer('counted run'), queueA.offer('counted run')]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    await ran;
    expect(runs).toHaveLength(1);
    expect((await jobRows()).map((row) => row.id)).toEqual(ids.filter((id) => id !== null));
  });

  it('the next slot runs again once, and no error was logged', async () => {
    clock.advance(HOUR);
    const ran = nextRun();
    const ids = await Promise.all([queueB.offer('counted run'), queueA.offer('counted run')]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    await ran;
    expect(runs).toHaveLength(2);
    expect(await jobRows()).toHaveLength(2);
    // Offering the same slot again after its run is still a no-op: the finished job guards it.
    expect(await queueA.offer('counted run')).toBeNull();
    expect(await queueB.offer('counted run')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('stops cleanly: both queues wait for their runs, log nothing and leave the pool to its owner', async () => {
    await queueA.stop();
    await queueB.stop();
    expect(errors).toEqual([]);
    // The app's pool is still usable after the queue stopped.
    expect(await jobRows()).toHaveLength(2);
  });
});
