import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { Text } from '../lib/i18n.ts';

/**
 * Guards of the public calls (the report form, the ticket lookup, ratings, the residents'
 * codes, the privacy PIN, place look-ups): per-IP limits with the API's error body, and the device id. The optional caller of a public call is
 * `optionalActor` in auth-guard.ts, beside the guard of the signed-in calls.
 */

/** A route's `config` for @fastify/rate-limit: `max` calls per IP in `windowMs`, then 429 + Retry-After. */
export function perIpLimit(max: number, windowMs: number, message: Text) {
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
        new AppError('RATE_LIMITED', message, { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    },
  };
}

/** Only a hash of the device id is stored: it is a rate-limit key, not an identity. */
export function hashDeviceId(deviceId: string): string {
  return crypto.createHash('sha256').update(`bantay-device:${deviceId}`).digest('hex');
}

/** The device id from the body, or the `X-Device-Id` header. Invalid values count as none. */
export function deviceIdOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  if (fromBody) return fromBody;
  const header = request.headers['x-device-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9_-]{8,128}$/.test(value) ? value : undefined;
}

