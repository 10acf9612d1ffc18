import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';

/**
 * A local Web Push service over HTTPS for the push tests: it checks each request as a real
 * one would (the VAPID JWT against the server's public key) and, holding the
 * browsers' private keys, decrypts the payload (Web Push message encryption, aes128gcm) so the tests read
 * what the phone would show. Its certificate is trusted by the server through NODE_EXTRA_CA_CERTS
 * (test/push-tls.ts), as a real push service's is through the system store.
 */

export interface ReceivedPush {
  /** The subscription's token: the last path segment of its endpoint. */
  token: string;
  headers: Record<string, string | undefined>;
  /** Why the VAPID header is not acceptable, or null when it is. */
  vapidProblem: string | null;
  vapidClaims: { aud?: string; exp?: number; sub?: string } | null;
  /** The decrypted payload, parsed as JSON; null when it could not be decrypted. */
  payload: Record<string, unknown> | null;
}

type PushAnswer = number | 'hang';

export interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  /** A browser's subscription on this service: endpoint and public keys, private keys kept here. */
  subscribe(options?: { host?: string }): BrowserSubscription;
  /** How the service answers the next requests (default 201); the last value stays. */
  answerWith(...statuses: PushAnswer[]): void;
  close(): Promise<void>;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  token: string;
}

interface BrowserKeys {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  auth: Buffer;
}

export async function startFakePushService(options: { vapidPublicKey: string }): Promise<FakePushService> {
  const tls = inject('pushServiceTls');
  const [key, cert] = await Promise.all([fs.readFile(tls.keyFile), fs.readFile(tls.certFile)]);
  const browsers = new Map<string, BrowserKeys>();
  const received: ReceivedPush[] = [];
  let answers: PushAnswer[] = [201];
  const hanging = new Set<ServerResponse>();

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const token = (req.url ?? '').split('/').pop() ?? '';
      const browser = browsers.get(token);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
      // The JWT's audience is the origin the endpoint names, whatever address it was reached at.
      const vapid = checkVapid(headers.authorization, options.vapidPublicKey, `https://${headers.host}`);
      let payload: Record<string, unknown> | null = null;
      if (browser && headers['content-encoding'] === 'aes128gcm') {
        try {
          payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser).toString('utf8')) as Record<string, unknown>;
        } catch {
          payload = null;
        }
      }
      received.push({ token, headers, vapidProblem: vapid.problem, vapidClaims: vapid.claims, payload });
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      // A real service refuses what it cannot authenticate or read.
      const status = vapid.problem ? 403 : !browser ? 404 : payload === null ? 400 : answer;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status >= 300 ? `status ${status}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    received,
    subscribe({ host = `127.0.0.1:${port}` } = {}) {
      const ecdh = crypto.createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const token = crypto.randomBytes(12).toString('base64url');
      browsers.set(token, { ecdh, publicKey, auth });
      return { endpoint: `https://${host}/push/${token}`, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') }, token };
    },
    answerWith(...statuses) {
      answers = statuses.length > 0 ? statuses : [201];
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** VAPID: `vapid t=<JWT>, k=<public key>`, an ES256 JWT for this origin that has not expired. */
function checkVapid(
  header: string | undefined,
  expectedKey: string,
  audience: string,
): { problem: string | null; claims: ReceivedPush['vapidClaims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return { problem: 'no vapid authorization', claims: null };
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expectedKey) return { problem: 'k is not the server key', claims: null };
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) return { problem: 'malformed JWT', claims: null };
  const point = Buffer.from(k, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = crypto.verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  const algorithm = (JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string }).alg;
  const now = Date.now() / 1000;
  if (algorithm !== 'ES256') return { problem: `alg ${algorithm}`, claims };
  if (!valid) return { problem: 'bad signature', claims };
  if (claims.aud !== audience) return { problem: `aud ${claims.aud}`, claims };
  if (!claims.exp || claims.exp <= now || claims.exp > now + 24 * 3600) return { problem: `exp ${claims.exp}`, claims };
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return { problem: `sub ${claims.sub}`, claims };
  return { problem: null, claims };
}

/**
 * Web Push encryption in the aes128gcm content coding: the header (salt, record size, the sender's public key), then one
 * record. The user agent's ECDH secret with the sender's key and the auth secret give the input
 * key material; HKDF with the salt gives the content key and nonce.
 */
function decryptAes128gcm(body: Buffer, browser: BrowserKeys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const contentKey = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
