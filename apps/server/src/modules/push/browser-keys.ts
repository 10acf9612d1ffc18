import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import crypto from 'node:crypto';

/**
 * Whether a subscription's keys can encrypt a push (the browser's P-256 public key, and its 16-byte
 * auth secret). The shape is checked by the shared schema; this checks the point is on the curve,
 * so a made-up key is refused at subscribe time instead of failing every push to it later.
 */
export function browserKeysProblem(keys: { p256dh: string; auth: string }): { field: string; message: MessageDescriptor } | null {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return { field: 'keys.p256dh', message: msg`keys.p256dh must be an uncompressed P-256 public key` };
  try {
    crypto.createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return { field: 'keys.p256dh', message: msg`keys.p256dh is not a point on the P-256 curve` };
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return { field: 'keys.auth', message: msg`keys.auth must be 16 bytes` };
  return null;
}
