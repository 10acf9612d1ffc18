import type { PushSender } from '../../adapters/push/push.ts';
import { EndpointRefused } from '../../adapters/push/push.ts';
import type { Db } from '../../db/client.ts';
import type { DeliveryChannel, DeliveryOutcome } from '../deliveries/index.ts';
import type { PushPayload } from '../deliveries/index.ts';
import { deliveryOptionsOf } from './alert-rules.ts';
import { quietHoursEnd } from './quiet-hours.ts';
import { deleteSubscription, findSubscriptionForSend } from './push.repository.ts';

/**
 * Sends push deliveries (decision 017). The row names a subscription; its endpoint and keys are
 * read now, so a browser that unsubscribed in the meantime is never posted to.
 *
 * - No subscription, or one that now belongs to someone else (a shared browser signed in as
 *   another person), or to a deactivated account: given up, so nobody reads an alert not theirs.
 * - One whose session has ended (expired, or ended without its subscriptions going with it):
 *   deleted and given up. A subscription lives no longer than the sign-in that made it.
 * - Quiet hours: a non-urgent alert whose time falls in the recipient's quiet hours (in the
 *   barangay's time zone) waits until they end. Emergencies and escalations never wait.
 * - The push service's 404 or 410 (the browser dropped the subscription), or an endpoint that
 *   fails the guard now (its name resolves to a private address): the subscription is deleted at
 *   once and the delivery given up. Another 4xx is given up; a 5xx, 408, 429, timeout or network
 *   failure is retried with the worker's backoff.
 */
export function pushChannel(deps: { db: Db; push: PushSender }): DeliveryChannel {
  return {
    async send(delivery, now): Promise<DeliveryOutcome> {
      const found = await findSubscriptionForSend(deps.db, delivery.target, now);
      if (!found) return { status: 'give-up', error: 'the browser is no longer subscribed' };
      const { subscription } = found;
      if (delivery.userId && subscription.userId !== delivery.userId) {
        return { status: 'give-up', error: 'the browser is now subscribed for another person' };
      }
      if (!found.ownerActive) return { status: 'give-up', error: 'the account is deactivated' };
      if (!found.sessionLive) {
        // Ended or expired without its subscriptions going with it (expiry is no write): not one
        // more alert to that browser, and the row goes now.
        await deleteSubscription(deps.db, subscription.id);
        return { status: 'give-up', error: 'the session that subscribed has ended; subscription removed' };
      }
      const payload = delivery.payload as unknown as PushPayload;
      if (!payload.urgent && found.quietStart && found.quietEnd) {
        const until = quietHoursEnd({ start: found.quietStart, end: found.quietEnd }, found.timeZone, now);
        if (until) return { status: 'defer', until };
      }
      const destination = { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } };
      let result;
      try {
        result = await deps.push.send(destination, JSON.stringify(payload), deliveryOptionsOf(payload));
      } catch (error) {
        if (!(error instanceof EndpointRefused)) throw error;
        await deleteSubscription(deps.db, subscription.id);
        return { status: 'give-up', error: `endpoint refused: ${error.message}; subscription removed` };
      }
      switch (result.status) {
        case 'sent':
          return { status: 'sent' };
        case 'gone':
          await deleteSubscription(deps.db, subscription.id);
          return { status: 'give-up', error: `push service answered ${result.statusCode}: subscription gone, removed` };
        case 'refused':
          return { status: 'give-up', error: result.error };
        case 'failed':
          return { status: 'retry', error: result.error };
      }
    },
  };
}
