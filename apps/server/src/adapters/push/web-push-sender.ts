import https from 'node:https';
import webpush from 'web-push';
import { excerpt, OutsideServiceError } from '../outside-service.ts';
import { checkPushEndpoint, type PushTarget } from './endpoint-guard.ts';
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
    checkEndpoint: (endpoint) => checkPushEndpoint(endpoint, guard),
    async send(destination: PushDestination, payload: string, message: PushMessageOptions): Promise<PushResult> {
      const target = await checkPushEndpoint(destination.endpoint, guard);
      const details = webpush.generateRequestDetails(destination, payload, {
        vapidDetails,
        TTL: message.ttlSeconds,
        urgency: message.urgency,
        contentEncoding: 'aes128gcm',
        ...(message.topic ? { topic: message.topic } : {}),
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      const answer = await post(target, headers, details.body, { agent, timeoutMs: options.timeoutMs });
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

function post(
  target: PushTarget,
  headers: Record<string, string>,
  body: Buffer | null,
  options: { agent: https.Agent; timeoutMs: number },
): Promise<{ statusCode: number; text: string }> {
  const service = `push service ${target.url.host}`;
  return new Promise((resolve, reject) => {
    const request = https.request(
      target.url,
      {
        method: 'POST',
        headers,
        agent: options.agent,
        lookup: target.lookup,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
          size += chunk.length;
        });
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => reject(failure(service, error, options.timeoutMs)));
      },
    );
    request.on('error', (error) => reject(failure(service, error, options.timeoutMs)));
    request.end(body ?? undefined);
  });
}

function failure(service: string, error: Error, timeoutMs: number): OutsideServiceError {
  const aborted = error.name === 'AbortError' || error.name === 'TimeoutError';
  const code = (error as NodeJS.ErrnoException).code;
  return new OutsideServiceError(service, aborted ? `no answer within ${timeoutMs} ms` : `request failed (${code ?? error.message})`, { cause: error });
}
