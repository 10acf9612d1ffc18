import crypto from 'node:crypto';
import https from 'node:https';
import type { AppDeps } from '../../deps.ts';
import { checkPublicEndpoint, EndpointRefused, postToPinnedTarget, type HostResolver, type PinnedTarget } from '../../adapters/public-endpoint-guard.ts';
import { excerpt } from '../../adapters/outside-service.ts';
import type { DeliveryChannel, WebhookPayload } from '../deliveries/index.ts';
import { findWebhookRow } from './webhooks.repository.ts';

/** The most of a receiver's answer that is read (its error text, for the delivery log). */
const MAX_ANSWER_BYTES = 2048;

interface WebhookChannelOptions {
  /**
   * Whether any of these incidents is confidential now. The composition root plugs in incidents'
   * door (deps.ts): incidents enqueues webhook events, so webhooks cannot import it back.
   */
  anyConfidential: (incidentIds: string[]) => Promise<boolean>;
  /** Tests resolve made-up host names with their own. */
  resolve?: HostResolver;
}

/** `X-Bantay-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`, made at each try. */
function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const digest = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/**
 * Sends a webhook delivery (decision 016's worker calls it for each try). What to send and whether
 * is decided now, not when it was enqueued: the webhook's current URL and secret, withheld when the
 * webhook was turned off or a case it is about became confidential, and the URL checked again by
 * the public-endpoint guard with the connection pinned to the addresses it checked (DNS
 * rebinding). A 2xx answer is sent; any other answer or a network failure is tried again with
 * backoff; a URL the guard now refuses is given up.
 */
export function webhookChannel(deps: Pick<AppDeps, 'db' | 'config'>, options: WebhookChannelOptions): DeliveryChannel {
  const timeoutMs = deps.config.outsideServices.timeoutMs;
  const guard = { allowLoopback: deps.config.webhooks.allowLoopback, anyPort: true, resolve: options.resolve, timeoutMs };
  const agent = new https.Agent({ keepAlive: true, maxSockets: 16 });
  return {
    async send(delivery, now) {
      const payload = delivery.payload as unknown as WebhookPayload;
      const hook = await findWebhookRow(deps.db, delivery.target);
      if (!hook) return { status: 'withhold', reason: 'the webhook was deleted' };
      if (!hook.enabled && payload.event !== 'ping') return { status: 'withhold', reason: 'the webhook is turned off' };
      if (payload.incidentIds.length > 0 && (await options.anyConfidential(payload.incidentIds))) {
        return { status: 'withhold', reason: 'the case is confidential' };
      }
      let target: PinnedTarget;
      try {
        target = await checkPublicEndpoint(hook.url, guard);
      } catch (error) {
        if (error instanceof EndpointRefused) return { status: 'give-up', error: `URL refused: it ${error.message}` };
        throw error;
      }
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(payload.body)),
        'user-agent': 'Bantay-Webhooks/1',
        'x-bantay-event': payload.event,
        'x-bantay-delivery': delivery.id,
        'x-bantay-signature': signatureHeader(hook.secret, Math.floor(now.getTime() / 1000), payload.body),
      };
      const answer = await postToPinnedTarget(target, {
        headers,
        body: payload.body,
        service: `webhook receiver ${target.url.host}`,
        agent,
        timeoutMs,
        maxAnswerBytes: MAX_ANSWER_BYTES,
      });
      if (answer.statusCode >= 200 && answer.statusCode < 300) return { status: 'sent', statusCode: answer.statusCode };
      const text = answer.text ? `: ${excerpt(answer.text)}` : '';
      return { status: 'retry', statusCode: answer.statusCode, error: `the receiver answered ${answer.statusCode}${text}` };
    },
  };
}
