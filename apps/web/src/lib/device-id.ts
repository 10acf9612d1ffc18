import { storage } from './storage.ts';

/**
 * A random id for this browser, sent with public reports and ratings (`deviceId`) so the server can
 * rate-limit per device as well as per IP (docs/product.md §4.2, §4.9). It identifies nothing else; the
 * server stores only its hash.
 */
export function deviceId(): string {
  const stored = storage.get('deviceId');
  if (stored && /^[A-Za-z0-9_-]{8,128}$/.test(stored)) return stored;
  // getRandomValues, unlike randomUUID, also works on a plain-http address (a LAN install).
  const fresh = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  storage.set('deviceId', fresh);
  return fresh;
}
