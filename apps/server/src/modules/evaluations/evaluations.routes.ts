import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEvaluationRequestSchema,
  evaluationCreatedSchema,
  tanodDirectoryQuerySchema,
  tanodDirectorySchema,
  ticketRatingRequestSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { requestMeta } from '../../http/auth-guard.ts';
import { optionalActor, perIpLimit } from '../incidents/public-guards.ts';
import { getTanodDirectory, rateTanod, rateTicket } from './evaluations.service.ts';

const HOUR = 3_600_000;

export async function evaluationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ratingLimit = perIpLimit(deps.config.publicLimits.ratingsPerIpPerHour, HOUR, 'Too many ratings from this network. Please try again later.');

  r.get(
    '/api/public/tanods',
    {
      schema: {
        tags: ['evaluations'],
        summary: 'The directory of active tanods with their ratings (no sign-in)',
        security: [],
        querystring: tanodDirectoryQuerySchema,
        response: { 200: tanodDirectorySchema },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    (request) => getTanodDirectory(deps, request.query),
  );

  r.post(
    '/api/public/evaluations',
    {
      schema: {
        tags: ['evaluations'],
        summary: 'Rate a tanod (no sign-in; once per tanod per device or resident in 30 days)',
        security: [],
        body: createEvaluationRequestSchema,
        response: { 201: evaluationCreatedSchema },
      },
      config: ratingLimit,
    },
    async (request, reply) => {
      const actor = await optionalActor(deps, request);
      return reply.code(201).send(await rateTanod(deps, request.body, { actor, meta: requestMeta(request) }));
    },
  );

  r.post(
    '/api/public/tickets/:ticket/rating',
    {
      schema: {
        tags: ['evaluations'],
        summary: 'Rate the tanod who resolved a report, once per ticket',
        security: [],
        params: z.object({ ticket: z.string().max(64) }),
        body: ticketRatingRequestSchema,
        response: { 201: evaluationCreatedSchema },
      },
      config: ratingLimit,
    },
    async (request, reply) => reply.code(201).send(await rateTicket(deps, request.params.ticket, request.body)),
  );
}
