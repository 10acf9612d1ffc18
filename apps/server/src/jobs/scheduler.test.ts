import { describe, expect, it } from 'vitest';
import type { Job } from '../lib/job.ts';
import { runJob, startJobs } from './scheduler.ts';
import { ManualClock } from '../lib/clock.ts';
import type { AppDeps } from '../deps.ts';

const deps = { clock: new ManualClock(new Date('2026-06-01T00:00:00Z')) } as unknown as AppDeps;

describe('job scheduler', () => {
  it('a job runs with the clock of the deps and a failing job is logged, not thrown', async () => {
    const seen: Date[] = [];
    const errors: string[] = [];
    const log = { error: (message: string) => errors.push(message) };
    await runJob(deps, { name: 'ok', everyMs: 1000, run: async (_deps, now) => void seen.push(now) }, log);
    await runJob(deps, { name: 'bad', everyMs: 1000, run: () => Promise.reject(new Error('boom')) }, log);
    expect(seen).toEqual([new Date('2026-06-01T00:00:00Z')]);
    expect(errors).toEqual(['job "bad" failed: boom']);
  });

  it('runs of one job never overlap, and stop waits for the run in progress', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const job: Job = {
      name: 'slow',
      everyMs: 5,
      run: async () => {
        runs += 1;
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise<void>((resolve) => (release = resolve));
        active -= 1;
      },
    };
    const scheduler = startJobs(deps, [job], { error: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 40));
    const stopped = scheduler.stop();
    release();
    await stopped;
    expect(runs).toBe(1);
    expect(maxActive).toBe(1);
    expect(active).toBe(0);
  });
});
