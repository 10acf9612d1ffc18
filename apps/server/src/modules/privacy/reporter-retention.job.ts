import type { Job } from '../../lib/job.ts';
import { eraseOldReporterContacts } from './privacy.service.ts';

/**
 * Reporters' names and phone numbers on reports closed more than REPORTER_DATA_RETENTION_DAYS ago
 * (default 365) are erased (decision 028). Idempotent by its data: an erased report no longer
 * matches, so instances running it together only share the work.
 */
export const reporterRetentionJob: Job = {
  name: 'reporter data retention',
  everyMs: 60 * 60_000,
  async run(deps, now) {
    await eraseOldReporterContacts(deps, now);
  },
};
