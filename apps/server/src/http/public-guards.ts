import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { AppError } from '../lib/app-error.ts';
import type { Text } from '../lib/i18n.ts';

/**
 * Guards of the public calls (the report form, the ticket lookup, ratings, the residents'
 * codes, the privacy PIN, place look-ups): per-IP limits with the API's error body, a per-IP count
 * a service decides on, and the device id. The optional caller of a public call is
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

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The hard ceiling of reports from one network address an hour (EMERGENCY_REPORT_RATE_LIMIT_PER_IP,
     * docs/decisions/031-emergency-bursts.md), one count over every route that takes a report: the
     * app's and the pages without JavaScript's. Decorated by buildApp (app.ts).
     */
    reportCeiling(request: FastifyRequest): Promise<AddressCount>;
    /**
     * The ordinary hourly count of reports from one network address (REPORT_RATE_LIMIT_PER_IP),
     * one count over the app's report route and the pages without JavaScript whose script solved
     * the bot check (docs/decisions/033-pages-without-javascript.md): one counter, since each one
     * made with `addressCounter` counts apart in the memory store. Decorated by buildApp (app.ts).
     */
    reportsFromAddress(request: FastifyRequest): Promise<AddressCount>;
  }
}

/** An `onRequest` hook of a route that takes a report: past the address's ceiling, 429 with `message`. */
export function underReportCeiling(message: Text) {
  return async (request: FastifyRequest): Promise<void> => {
    const count = await request.server.reportCeiling(request);
    if (count.over) throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: count.retryAfterSeconds });
  };
}

/** Where a caller's address stands against a count kept by `addressCounter`. */
export type AddressCount = { over: false } | { over: true; retryAfterSeconds: number };

/**
 * A per-IP count that refuses nothing by itself: `count(request)` adds the call and says whether
 * the address is past `max` in `windowMs`, so a service can let some calls through past it (the
 * emergencies of a burst, docs/decisions/031-emergency-bursts.md). It counts in the store of every
 * other limit (Redis, PostgreSQL or memory: rate-limit-store.ts), so all instances share it. Make
 * one per route at registration; `name` keeps its keys apart from the route limits'.
 */
export function addressCounter(app: FastifyInstance, name: string, max: number, windowMs: number): (request: FastifyRequest) => Promise<AddressCount> {
  const hit = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => `${name}:${normalizeIP(request.ip)}` });
  return async (request) => {
    const result = await hit(request);
    // `isAllowed` is an allow-listed address (none is); with the store down (skipOnError) nothing is exceeded.
    if (result.isAllowed || !result.isExceeded) return { over: false };
    return { over: true, retryAfterSeconds: Math.max(1, result.ttlInSeconds) };
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

