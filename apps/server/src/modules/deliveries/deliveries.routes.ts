import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failedDeliveryListQuerySchema, failedDeliveryListSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { requireAuth } from '../../http/auth-guard.ts';
import { listFailed, retryFailedDelivery } from './deliveries.service.ts';

/** The alerts the server gave up sending are the supadmin's to see and retry (decision 016). */
export async function deliveryRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/deliveries/failed',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Alerts (push, SMS, email) given up after their last try, newest first (supadmin)',
        querystring: failedDeliveryListQuerySchema,
        response: { 200: failedDeliveryListSchema },
      },
      onRequest: requireAuth(deps, ['supadmin']),
    },
    (request) => listFailed(deps, request.query),
  );
  api.post(
    '/api/deliveries/:id/retry',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Try a failed alert again (supadmin)',
        params: z.object({ id: z.uuid('id must be a delivery id') }),
        response: { 204: z.null() },
      },
      onRequest: requireAuth(deps, ['supadmin']),
    },
    async (request, reply) => {
      await retryFailedDelivery(deps, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
