import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWebhookSchema,
  idParamsSchema,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { actorOf, requireAuth } from '../../http/auth-guard.ts';
import { createWebhook, deleteWebhook, listDeliveriesOf, listWebhooks, pingWebhook, rotateWebhookSecret, updateWebhook } from './webhooks.service.ts';

const SIGNING =
  'Each event is POSTed as JSON with `X-Bantay-Event`, `X-Bantay-Delivery` (the same on every retry) and ' +
  '`X-Bantay-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`; a non-2xx answer is retried with backoff.';

/** The supadmin's webhooks (docs/decisions/034-the-integration-kit.md); no API key may call them. */
export async function webhookRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const supadmin = requireAuth(deps, ['supadmin']);

  r.get(
    '/api/webhooks',
    { schema: { tags: ['webhooks'], summary: 'The webhooks, oldest first, without their secrets (supadmin)', response: { 200: webhookListSchema } }, onRequest: supadmin },
    () => listWebhooks(deps),
  );
  r.post(
    '/api/webhooks',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Add a webhook: an https URL on a public host and its events; the answer shows the signing secret once (supadmin)',
        description: SIGNING,
        body: createWebhookSchema,
        response: { 201: webhookWithSecretSchema },
      },
      onRequest: supadmin,
    },
    async (request, reply) => reply.status(201).send(await createWebhook(deps, actorOf(request), request.body)),
  );
  r.patch(
    '/api/webhooks/:id',
    {
      schema: { tags: ['webhooks'], summary: 'Change the URL or the events, or turn the webhook off or on (supadmin)', params: idParamsSchema, body: updateWebhookSchema, response: { 200: webhookSchema } },
      onRequest: supadmin,
    },
    (request) => updateWebhook(deps, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/webhooks/:id',
    { schema: { tags: ['webhooks'], summary: 'Delete a webhook and its deliveries (supadmin)', params: idParamsSchema, response: { 204: z.null() } }, onRequest: supadmin },
    async (request, reply) => {
      await deleteWebhook(deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/api/webhooks/:id/secret',
    {
      schema: { tags: ['webhooks'], summary: 'Replace the signing secret at once; the answer shows the new one once (supadmin)', params: idParamsSchema, response: { 200: webhookWithSecretSchema } },
      onRequest: supadmin,
    },
    (request) => rotateWebhookSecret(deps, actorOf(request), request.params.id),
  );
  r.post(
    '/api/webhooks/:id/test',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Send a signed ping event through the delivery queue; its outcome shows in the delivery log (supadmin)',
        params: idParamsSchema,
        response: { 202: z.object({ deliveryId: z.string() }) },
      },
      onRequest: supadmin,
    },
    async (request, reply) => reply.status(202).send(await pingWebhook(deps, request.params.id)),
  );
  r.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        tags: ['webhooks'],
        summary: "The webhook's last 100 deliveries, newest first: event, delivery id, tries, last status code, next try, outcome (supadmin)",
        params: idParamsSchema,
        response: { 200: webhookDeliveryListSchema },
      },
      onRequest: supadmin,
    },
    (request) => listDeliveriesOf(deps, request.params.id),
  );
}
