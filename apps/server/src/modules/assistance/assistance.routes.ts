import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approveAssistanceRequestSchema,
  assistanceIdParamsSchema,
  assistanceListQuerySchema,
  assistanceListResponseSchema,
  assistanceRequestSchema,
  createAssistanceRequestSchema,
  rejectAssistanceRequestSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { approveAssistance, listAssistance, progressAssistance, rejectAssistance, requestAssistance } from './assistance.service.ts';

/** Backup (assistance) requests (docs/product.md §4.5). Staff only; the service checks who may do each step. */
export async function assistanceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = requireAuth(deps, STAFF);
  const tags = ['assistance'];
  const conflict = '409 `CONFLICT` with `error.details.status` when the step does not fit the current status.';

  r.post(
    '/api/assistance',
    {
      schema: {
        tags,
        summary: 'A tanod asks for backup, from the active incident or the patrol map',
        body: createAssistanceRequestSchema,
        response: { 201: assistanceRequestSchema },
      },
      onRequest: staffOnly,
    },
    async (request, reply) => reply.code(201).send(await requestAssistance(deps, actorOf(request), request.body)),
  );

  r.get(
    '/api/assistance',
    {
      schema: {
        tags,
        summary: 'Backup requests, newest first (admins: all; tanods: their own, dispatched and open ones)',
        querystring: assistanceListQuerySchema,
        response: { 200: assistanceListResponseSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => listAssistance(deps, actorOf(request), request.query),
  );

  r.post(
    '/api/assistance/:id/approve',
    {
      schema: {
        tags,
        summary: 'An admin approves, optionally dispatching tanods and recording an outside agency',
        description: conflict,
        params: assistanceIdParamsSchema,
        body: approveAssistanceRequestSchema,
        response: { 200: assistanceRequestSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => approveAssistance(deps, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/assistance/:id/reject',
    {
      schema: {
        tags,
        summary: 'An admin rejects with a reason',
        description: conflict,
        params: assistanceIdParamsSchema,
        body: rejectAssistanceRequestSchema,
        response: { 200: assistanceRequestSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => rejectAssistance(deps, actorOf(request), request.params.id, request.body.reason),
  );

  for (const [path, status, summary] of [
    ['deployed', 'deployed', 'An admin or a dispatched tanod marks the backup deployed'],
    ['complete', 'completed', 'An admin or a dispatched tanod marks the backup completed'],
    ['cancel', 'cancelled', 'The requester cancels an open request'],
  ] as const) {
    r.post(
      `/api/assistance/:id/${path}`,
      {
        schema: { tags, summary, description: conflict, params: assistanceIdParamsSchema, response: { 200: assistanceRequestSchema } },
        onRequest: staffOnly,
      },
      async (request) => progressAssistance(deps, actorOf(request), request.params.id, status),
    );
  }
}
