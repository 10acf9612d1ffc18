import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { e2eServer } from './servers.ts';

/**
 * A stand-in for a browser vendor's push service, on https://127.0.0.1 with the certificate
 * e2e/server.mjs made (and made the server trust). It answers by path: `/ok/…` accepts a message
 * (201), `/refuse/…` refuses it (400, which the server gives up on at once). It counts what it got;
 * the payload stays encrypted (the server's tests decrypt and check it).
 */
export interface PushService {
  origin: string;
  /** The paths messages were posted to, in order. */
  received: string[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const dir = e2eServer(test.info().parallelIndex).dataDir;
  const tls = path.join(dir, 'push-tls');
  const received: string[] = [];
  const server = https.createServer({ cert: fs.readFileSync(path.join(tls, 'cert.pem')), key: fs.readFileSync(path.join(tls, 'key.pem')) }, (request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(request.url ?? '');
      const refuse = request.url?.startsWith('/refuse/');
      response.writeHead(refuse ? 400 : 201, { 'content-type': 'text/plain' });
      response.end(refuse ? 'UnauthorizedRegistration: this test refuses every message' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser's subscription keys, base64url: a real P-256 public key (the server encrypts every
 * message to it, and a point off the curve fails there) and a 16-byte secret.
 */
export const FAKE_KEYS = {
  p256dh: crypto.createECDH('prime256v1').generateKeys('base64url'),
  auth: crypto.randomBytes(16).toString('base64url'),
};

/**
 * Replaces the page's `PushManager.prototype.subscribe` and `getSubscription` (the browser's edge,
 * whose real push service cannot be reached here) with a subscription whose endpoint is `endpoint`.
 * It lives in localStorage, so it outlasts a reload as a real one does; `window.__fakePush` counts
 * the calls and keeps the key the page subscribed with.
 */
export async function stubBrowserPush(page: Page, endpoint: string): Promise<void> {
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const KEY = '__fakePushSubscription';
      const calls = { subscribe: 0, unsubscribe: 0, applicationServerKey: null as string | null };
      (window as unknown as { __fakePush: typeof calls }).__fakePush = calls;
      const toBase64Url = (buffer: ArrayBuffer | ArrayBufferView) => {
        const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      };
      const make = (serverKey: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          calls.unsubscribe += 1;
          localStorage.removeItem(KEY);
          return true;
        },
        serverKey,
      });
      PushManager.prototype.getSubscription = async function getSubscription() {
        const stored = localStorage.getItem(KEY);
        return (stored ? make(stored) : null) as unknown as PushSubscription;
      };
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        calls.subscribe += 1;
        const key = options?.applicationServerKey;
        calls.applicationServerKey = key && typeof key !== 'string' ? toBase64Url(key) : (key ?? null);
        localStorage.setItem(KEY, calls.applicationServerKey ?? '');
        return make(calls.applicationServerKey ?? '') as unknown as PushSubscription;
      };
    },
    { endpoint, keys: FAKE_KEYS },
  );
}
