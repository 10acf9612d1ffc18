import type { Job } from '../../lib/job.ts';
import { deleteFailedDeliveriesBefore, deleteSentDeliveriesBefore } from './deliveries.repository.ts';

/**
 * Sent deliveries are kept this long (what went out, for questions about an alert), then deleted;
 * so are failed ones, counted from when they were written: they hold a reporter's number and the
 * text, an account link's token included (only a sent one is blanked, `markDeliverySent`), and a
 * month is long past any retry the supadmin would still make.
 */
const DELIVERY_RETENTION_DAYS = 30;
const CHUNK = 5_000;

/** Deletes old sent and failed deliveries; pending ones are the queue (decision 016). */
export const deliveryRetentionJob: Job = {
  name: 'delivery retention',
  everyMs: 60 * 60_000,
  async run(deps, now) {
    const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000);
    while ((await deleteSentDeliveriesBefore(deps.db, before, CHUNK)) === CHUNK) {
      // Until a chunk comes back short: everything older is gone.
    }
    while ((await deleteFailedDeliveriesBefore(deps.db, before, CHUNK)) === CHUNK) {
      // The same for the failed and withheld ones.
    }
  },
};
