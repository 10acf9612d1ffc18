import { msg } from '@lingui/core/macro';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarFeedParamsSchema, calendarFeedStatusSchema, createdCalendarFeedSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { actorOf, requireAuth, secretUrlRoute } from '../../http/auth-guard.ts';
import { perIpLimit } from '../../http/public-guards.ts';
import { CALENDAR_FEED_PATH, calendarFeedStatus, createCalendarFeed, readCalendarFeed, stopCalendarFeed } from './calendar-feeds.service.ts';

/**
 * Reads of feeds per address a minute. A calendar service (Google's, Apple's) reads every feed its
 * users subscribed to from a few addresses, so the limit is wide; it is there against floods, since
 * a 256-bit token cannot be guessed at any rate.
 */
const FEED_READS_PER_MINUTE = 120;

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** The calendar feed of a tanod's shifts (docs/decisions/034-the-integration-kit.md, "Calendar feeds"). */
export async function calendarFeedRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Only tanods are members of schedules (schedules.service.ts), so only they have shifts to subscribe to.
  const tanodOnly = requireAuth(deps, ['tanod']);

  r.get(
    '/api/account/calendar-feed',
    {
      schema: { tags: ['account'], summary: 'Whether I have a calendar feed, and since when (tanod)', response: { 200: calendarFeedStatusSchema } },
      onRequest: tanodOnly,
    },
    (request) => calendarFeedStatus(deps, actorOf(request)),
  );

  r.post(
    '/api/account/calendar-feed',
    {
      schema: {
        tags: ['account'],
        summary: "A new address for my phone's calendar with my shifts; the previous one stops (tanod)",
        description: 'The address is shown once: only a hash of its secret is kept.',
        response: { 201: createdCalendarFeedSchema },
      },
      onRequest: tanodOnly,
    },
    async (request, reply) => reply.code(201).send(await createCalendarFeed(deps, actorOf(request))),
  );

  r.delete(
    '/api/account/calendar-feed',
    {
      schema: { tags: ['account'], summary: 'Stop my calendar feed: its address answers 404 from now on (tanod)' },
      onRequest: tanodOnly,
    },
    async (request, reply) => {
      await stopCalendarFeed(deps, actorOf(request));
      return reply.code(204).send();
    },
  );

  r.get(
    `${CALENDAR_FEED_PATH}/:file`,
    {
      schema: {
        tags: ['account'],
        summary: "A tanod's shifts as an iCalendar feed (RFC 5545), for their phone's calendar",
        description:
          'The path is `<token>.ics` as POST /api/account/calendar-feed gave it; no header is needed or read. ' +
          'Shifts from 30 days back to 90 days ahead, in UTC, each with a reminder. A stopped, replaced or unknown ' +
          "address, or a deactivated account's, answers 404. Sends an ETag and answers 304 to If-None-Match.",
        security: [],
        params: calendarFeedParamsSchema,
      },
      config: perIpLimit(FEED_READS_PER_MINUTE, 60_000, msg`Too many calendar reads from this address. Try again in a minute.`),
      onRequest: secretUrlRoute('calendar feed token'),
    },
    async (request, reply) => {
      const { body } = await readCalendarFeed(deps, request.params.file);
      // Weak: the compression plugin may send the same calendar encoded differently.
      const etag = `W/"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      // The address is a secret: no shared cache keeps it, and no search engine lists it.
      reply.header('ETag', etag).header('Cache-Control', 'private, max-age=300').header('X-Robots-Tag', 'noindex').header('Referrer-Policy', 'no-referrer');
      const known = String(request.headers['if-none-match'] ?? '').split(',').map(opaque);
      if (known.includes(opaque(etag))) return reply.code(304).send();
      return reply.type('text/calendar; charset=utf-8').header('Content-Disposition', 'inline; filename="bantay-shifts.ics"').send(body);
    },
  );
}
