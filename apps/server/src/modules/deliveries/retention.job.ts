import type { Job } from '../../lib/job.ts';
import { deleteSentDeliveriesBefore } from './deliveries.repository.ts';

/** Sent deliveries are kept this long (what went out, for questions about an alert), then deleted. */
const SENT_DELIVERY_RETENTION_DAYS = 30;
const CHUNK = 5_000;

/** Deletes old sent deliveries; pending ones are the queue and failed ones the supadmin's list (decision 016). */
export const deliveryRetentionJob: Job = {
  name: 'delivery retention',
  everyMs: 60 * 60_000,
  async run(deps, now) {
    const before = new Date(now.getTime() - SENT_DELIVERY_RETENTION_DAYS * 86_400_000);
    while ((await deleteSentDeliveriesBefore(deps.db, before, CHUNK)) === CHUNK) {
      // Until a chunk comes back short: everything older is gone.
    }
  },
};
