import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertPreferencesSchema,
  pushKeySchema,
  pushSubscriptionCreatedSchema,
  pushSubscriptionIdParamsSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionListSchema,
  pushSubscriptionRenewalSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { actorOf, publicRoute, requestMeta, requireAuth } from '../../http/auth-guard.ts';
import {
  getMyAlertPreferences,
  getPushKey,
  listMySubscriptions,
  renewBrowserSubscription,
  subscribeBrowser,
  unsubscribeBrowser,
  updateMyAlertPreferences,
} from './push.service.ts';

/**
 * Web push (decision 017): the VAPID key for anyone, and each signed-in person's own browsers
 * and alert preferences. Staff and residents alike; a resident hears about their own reports.
 */
export async function pushRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['push'];
  // onRequest: an anonymous call is refused before its body is read or validated.
  const signedIn = requireAuth(deps);

  r.get(
    '/api/push/key',
    { schema: { tags, summary: "The server's VAPID public key, to subscribe a browser with", security: [], response: { 200: pushKeySchema } }, onRequest: publicRoute },
    () => getPushKey(deps),
  );

  r.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: "Subscribe this browser to alerts (the browser's PushSubscription JSON)",
        description:
          "The endpoint must be https:// on a public host: IP addresses and host names that resolve to private, loopback or link-local addresses are refused. The subscription belongs to the caller's session and ends with it. The same endpoint again replaces the subscription, for the caller; someone else's endpoint only with its keys (409 otherwise).",
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscriptionCreatedSchema },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const created = await subscribeBrowser(deps, actorOf(request), request.body, requestMeta(request).userAgent);
      return reply.status(201).send(created);
    },
  );

  r.post(
    '/api/push/subscriptions/renew',
    {
      schema: {
        tags,
        summary: 'Replace a subscription the browser renewed (its service worker, which holds no token)',
        description:
          'The old endpoint and both its keys identify the subscription; it takes the new endpoint and keys and keeps its person and session. 404 when no subscription of a live session matches.',
        security: [],
        body: pushSubscriptionRenewalSchema,
        response: { 200: pushSubscriptionCreatedSchema },
      },
      onRequest: publicRoute,
      // Each call costs a query and, when it matches, a DNS lookup; a browser renews rarely.
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    (request) => renewBrowserSubscription(deps, request.body),
  );

  r.get(
    '/api/push/subscriptions',
    { schema: { tags, summary: 'My subscribed browsers, newest first', response: { 200: pushSubscriptionListSchema } }, onRequest: signedIn },
    (request) => listMySubscriptions(deps, actorOf(request)),
  );

  r.delete(
    '/api/push/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'Unsubscribe one of my browsers',
        params: pushSubscriptionIdParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      await unsubscribeBrowser(deps, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/push/preferences',
    { schema: { tags, summary: 'What I do not want pushed, and my quiet hours', response: { 200: alertPreferencesSchema } }, onRequest: signedIn },
    (request) => getMyAlertPreferences(deps, actorOf(request)),
  );

  r.put(
    '/api/push/preferences',
    {
      schema: {
        tags,
        summary: 'Set what I do not want pushed, and my quiet hours (emergencies and escalations always come)',
        body: alertPreferencesSchema,
        response: { 200: alertPreferencesSchema },
      },
      onRequest: signedIn,
    },
    (request) => updateMyAlertPreferences(deps, actorOf(request), request.body),
  );
}
