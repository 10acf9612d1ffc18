import type { Job } from '../../lib/job.ts';
import { announceDueAdvisories } from './advisories.service.ts';

/**
 * An advisory written ahead of its start alerts the residents who opted in once it starts
 * (decision 028); one that starts at once was announced when it was published. Each is claimed
 * with the transaction that writes its alerts, so instances running this together alert once.
 */
export const advisoryAnnouncementsJob: Job = {
  name: 'advisory announcements',
  everyMs: 30_000,
  async run(deps, now) {
    await announceDueAdvisories(deps, now);
  },
};
