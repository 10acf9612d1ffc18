import { storage } from './storage.ts';

/**
 * A random id for this browser, sent with public reports and ratings (`deviceId`) so the server can
 * rate-limit per device as well as per IP (product §4.2, §4.9). It identifies nothing else; the
 * server stores only its hash.
 */
export function deviceId(): string {
  const stored = storage.get('deviceId');
  if (stored && /^[A-Za-z0-9_-]{8,128}$/.test(stored)) return stored;
  const fresh = crypto.randomUUID().replace(/-/g, '');
  storage.set('deviceId', fresh);
  return fresh;
}
