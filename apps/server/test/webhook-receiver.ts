import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';

/**
 * A webhook receiver over HTTPS for the webhook tests, as an integrator would write one: it reads
 * each request, checks `X-Bantay-Signature` against the secret it was given (the HMAC of
 * `t + "." + body`), and answers with the statuses it is told to. Its certificate is the local push
 * service's (test/push-tls.ts), which the server trusts through NODE_EXTRA_CA_CERTS.
 */

interface ReceivedWebhook {
  event: string | undefined;
  deliveryId: string | undefined;
  signature: string | undefined;
  /** The `t=` of the signature, in Unix seconds. */
  signedAt: number | null;
  /** Whether the `v1=` is the HMAC of `t + "." + body` under the receiver's secret at that moment. */
  signatureValid: boolean;
  body: string;
  json: Record<string, unknown>;
  path: string;
}

export interface WebhookReceiver {
  /** `https://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  received: ReceivedWebhook[];
  /** The secret signatures are checked against (set it from the creation's or rotation's answer). */
  secret: string;
  /** How the next requests are answered (default 204); the last value stays. */
  answerWith(...statuses: number[]): void;
  close(): Promise<void>;
}

export function verifySignature(header: string | undefined, secret: string, body: string): { signedAt: number | null; valid: boolean } {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return { signedAt: null, valid: false };
  const expected = crypto.createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  const given = Buffer.from(match[2]!, 'hex');
  return { signedAt: Number(match[1]), valid: given.length === expected.length && crypto.timingSafeEqual(given, expected) };
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const tls = inject('pushServiceTls');
  const [key, cert] = await Promise.all([fs.readFile(tls.keyFile), fs.readFile(tls.certFile)]);
  let answers = [204];
  const state = { secret: '' };
  const received: ReceivedWebhook[] = [];
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(', ') : value;
      };
      const signature = header('x-bantay-signature');
      const check = verifySignature(signature, state.secret, body);
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        json = {};
      }
      received.push({
        event: header('x-bantay-event'),
        deliveryId: header('x-bantay-delivery'),
        signature,
        signedAt: check.signedAt,
        signatureValid: check.valid,
        body,
        json,
        path: req.url ?? '',
      });
      const status = answers.length > 1 ? answers.shift()! : answers[0]!;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 400 ? 'receiver is down' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    received,
    get secret() {
      return state.secret;
    },
    set secret(value: string) {
      state.secret = value;
    },
    answerWith(...statuses: number[]) {
      answers = statuses;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
