import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { bearerToken } from '../../http/auth-guard.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Text } from '../../lib/i18n.ts';
import type { Actor } from '../../http/actor.ts';
import { authenticateToken } from '../auth/auth.service.ts';

/**
 * Helpers of the public calls: per-IP limits with the API's error body, the optional
 * caller, and the device id.
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

/**
 * The caller of a public call when it carries a live bearer token, else null. A missing, stale or
 * forged token is treated as anonymous rather than refused: an emergency report must never fail
 * because a phone kept an old session.
 */
export async function optionalActor(deps: AppDeps, request: FastifyRequest): Promise<Actor | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const result = await authenticateToken(deps, token);
  return result?.actor ?? null;
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

