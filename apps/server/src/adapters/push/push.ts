import type { Config } from '../../config.ts';
import type { HostResolver, PinnedTarget } from '../public-endpoint-guard.ts';
import type { VapidKeys } from './vapid-keys.ts';
import { createWebPushSender } from './web-push-sender.ts';

export { EndpointRefused, type HostResolver,  } from '../public-endpoint-guard.ts';

/** A browser's subscription as the push service needs it: where to post, and its keys (the payload is encrypted for them). */
export interface PushDestination {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessageOptions {
  /** The `Urgency` header: `high` wakes a sleeping phone at once (emergencies); `normal` may wait. */
  urgency: 'normal' | 'high';
  /** How long the push service keeps the message for a phone that is off (the `TTL` header). */
  ttlSeconds: number;
  /** The `Topic` header: a newer message with the same topic replaces one still waiting. */
  topic?: string;
}

/**
 * What the push service answered. `gone` (404, 410) means the browser dropped the subscription:
 * delete it. `refused` is an answer no retry changes (400, 401, 403, 413); `failed` one that may
 * pass (5xx, 429, 408). A network failure or timeout is thrown.
 */
export type PushResult =
  | { status: 'sent'; statusCode: number }
  | { status: 'gone'; statusCode: number }
  | { status: 'refused'; statusCode: number; error: string }
  | { status: 'failed'; statusCode: number; error: string };

/** Sends Web Push messages signed with the server's VAPID keys. */
export interface PushSender {
  /** The VAPID public key browsers subscribe with. */
  readonly publicKey: string;
  /**
   * Checks that an endpoint is one the server may post to (adapters/public-endpoint-guard.ts);
   * throws EndpointRefused with the reason.
   */
  checkEndpoint(endpoint: string): Promise<PinnedTarget>;
  /**
   * Encrypts `payload` for the subscription and posts it. Checks the endpoint again first (DNS may
   * have changed since the browser subscribed) and throws EndpointRefused when it fails.
   */
  send(destination: PushDestination, payload: string, options: PushMessageOptions): Promise<PushResult>;
}

export interface PushSenderOptions {
  vapid: { publicKey: string; privateKey: string; subject: string };
  allowLoopback: boolean;
  /** OUTSIDE_SERVICE_TIMEOUT_MS: the DNS lookup, and then the request and its answer, each give up after it. */
  timeoutMs: number;
  /** Tests resolve made-up host names with their own. */
  resolve?: HostResolver;
}

/** The server's push sender, from the configuration and its VAPID keys (vapid-keys.ts). */
export function createPushSender(config: Config, keys: VapidKeys, options: { resolve?: HostResolver } = {}): PushSender {
  return createWebPushSender({
    vapid: { ...keys, subject: config.push.vapidSubject },
    allowLoopback: config.push.allowLoopback,
    timeoutMs: config.outsideServices.timeoutMs,
    resolve: options.resolve,
  });
}
