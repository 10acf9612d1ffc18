import https from 'node:https';
import webpush from 'web-push';
import { excerpt } from '../outside-service.ts';
import { checkPublicEndpoint, postToPinnedTarget } from '../public-endpoint-guard.ts';
import type { PushDestination, PushMessageOptions, PushResult, PushSender, PushSenderOptions } from './push.ts';

/** The most of a push service's answer that is read (its error text, for the log). */
const MAX_ANSWER_BYTES = 4096;

/**
 * Web Push through the `web-push` library: it signs the VAPID JWT and encrypts the payload
 * (aes128gcm). The POST itself is made here rather than by `sendNotification`, so that
 * it connects only to the addresses the endpoint guard just checked (a pinned `lookup`), follows no
 * redirect, reads a bounded answer, and gives up after OUTSIDE_SERVICE_TIMEOUT_MS in all.
 */
export function createWebPushSender(options: PushSenderOptions): PushSender {
  const guard = { allowLoopback: options.allowLoopback, resolve: options.resolve, timeoutMs: options.timeoutMs };
  // Connections to a push service are kept open between messages: an emergency goes to every
  // on-duty phone at once, mostly through one or two services.
  const agent = new https.Agent({ keepAlive: true, maxSockets: 32 });
  const vapidDetails = { subject: options.vapid.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey };

  return {
    publicKey: options.vapid.publicKey,
    checkEndpoint: (endpoint) => checkPublicEndpoint(endpoint, guard),
    async send(destination: PushDestination, payload: string, message: PushMessageOptions): Promise<PushResult> {
      const target = await checkPublicEndpoint(destination.endpoint, guard);
      const details = webpush.generateRequestDetails(destination, payload, {
        vapidDetails,
        TTL: message.ttlSeconds,
        urgency: message.urgency,
        contentEncoding: 'aes128gcm',
        ...(message.topic ? { topic: message.topic } : {}),
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      const answer = await postToPinnedTarget(target, {
        headers,
        body: details.body,
        service: `push service ${target.url.host}`,
        agent,
        timeoutMs: options.timeoutMs,
        maxAnswerBytes: MAX_ANSWER_BYTES,
      });
      return classify(answer);
    },
  };
}

function classify(answer: { statusCode: number; text: string }): PushResult {
  const { statusCode } = answer;
  if (statusCode >= 200 && statusCode < 300) return { status: 'sent', statusCode };
  if (statusCode === 404 || statusCode === 410) return { status: 'gone', statusCode };
  const error = `push service answered ${statusCode}${answer.text ? `: ${excerpt(answer.text)}` : ''}`;
  // 408 and 429 pass with time; any other 4xx is about this message or subscription and stays.
  if (statusCode >= 400 && statusCode < 500 && statusCode !== 408 && statusCode !== 429) return { status: 'refused', statusCode, error };
  return { status: 'failed', statusCode, error };
}

