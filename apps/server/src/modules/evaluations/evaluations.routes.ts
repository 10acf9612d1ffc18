import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEvaluationRequestSchema,
  evaluationCreatedSchema,
  moderateEvaluationSchema,
  staffEvaluationListSchema,
  staffEvaluationQuerySchema,
  staffEvaluationSchema,
  tanodDirectoryQuerySchema,
  tanodDirectorySchema,
  ticketRatingRequestSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, actorOf, optionalActor, publicRoute, requestMeta, requireAuth } from '../../http/auth-guard.ts';
import { perIpLimit } from '../../http/public-guards.ts';
import { getTanodDirectory, rateTanod, rateTicket } from './evaluations.service.ts';
import { listTanodEvaluations, moderateEvaluation } from './evaluations-moderation.service.ts';

const HOUR = 3_600_000;

export async function evaluationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ratingLimit = perIpLimit(deps.config.publicLimits.ratingsPerIpPerHour, HOUR, msg`Too many ratings from this network. Please try again later.`);

  r.get(
    '/api/public/tanods',
    {
      onRequest: publicRoute,
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
      onRequest: publicRoute,
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
      onRequest: publicRoute,
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

  // Moderation: admins see every rating of a tanod and hide abusive ones.
  const adminsOnly = requireAuth(deps, ADMINS);
  r.get(
    '/api/users/:id/evaluations',
    {
      schema: {
        tags: ['evaluations'],
        summary: "Every rating of a tanod, hidden ones included (admin)",
        params: z.object({ id: z.uuid('Unknown tanod') }),
        querystring: staffEvaluationQuerySchema,
        response: { 200: staffEvaluationListSchema },
      },
      onRequest: adminsOnly,
    },
    (request) => listTanodEvaluations(deps, request.params.id, request.query),
  );
  r.patch(
    '/api/evaluations/:id',
    {
      schema: {
        tags: ['evaluations'],
        summary: 'Hide an abusive rating (not shown, not counted) or show it again (admin)',
        params: z.object({ id: z.uuid('Unknown rating') }),
        body: moderateEvaluationSchema,
        response: { 200: staffEvaluationSchema },
      },
      onRequest: adminsOnly,
    },
    (request) => moderateEvaluation(deps, actorOf(request), request.params.id, request.body.hidden),
  );
}
