import type { Job } from '../../lib/job.ts';
import { deleteSubscriptionsOfEndedSessions } from './push.repository.ts';

/**
 * Deletes the push subscriptions whose session has ended (decision 017). Whatever ends a session
 * deletes its subscriptions in the same transaction, but a session also ends by expiring, which
 * no write marks: its browser already gets nothing (every alert and every send checks the session
 * is live), and this removes its endpoint and keys within the hour.
 */
export const pushSubscriptionSweepJob: Job = {
  name: 'push subscription sweep',
  everyMs: 60 * 60_000,
  async run(deps, now) {
    await deleteSubscriptionsOfEndedSessions(deps.db, now);
  },
};
