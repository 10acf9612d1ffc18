import type { Job } from '../../lib/job.ts';
import { pollCapFeeds } from './cap-in.service.ts';

/**
 * Reads the CAP feeds (CAP_FEED_URL). The job wakes every 30 s and each feed is read only when its
 * own CAP_FEED_POLL_SECONDS have passed since its last poll, claimed in the database, so one
 * instance polls a feed per interval in a cluster (decision 022) whatever the interval configured.
 * A feed that failed is logged through the job runner, which names the feed and why.
 */
export const capFeedJob: Job = {
  name: 'cap feeds',
  everyMs: 30_000,
  async run(deps, now) {
    const { errors } = await pollCapFeeds(deps, now);
    if (errors.length > 0) throw new Error(`could not read ${errors.length} CAP feed(s): ${errors.join('; ')}`);
  },
};
