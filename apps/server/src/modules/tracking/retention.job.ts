import type { Job } from '../../lib/job.ts';
import { deletePointsBefore } from './tracking.repository.ts';

/** Points deleted per statement, so one run never holds a long lock. */
const CHUNK = 10_000;

/** docs/product.md §3: the full track is kept for TRACK_RETENTION_DAYS (default 180), then deleted. */
export const trackRetentionJob: Job = {
  name: 'track retention',
  everyMs: 60 * 60_000,
  async run(deps, now) {
    const before = new Date(now.getTime() - deps.config.trackRetentionDays * 86_400_000);
    while ((await deletePointsBefore(deps.db, before, CHUNK)) === CHUNK) {
      // Keep going until a chunk comes back short: everything older is gone.
    }
  },
};
