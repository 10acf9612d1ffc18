import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createScheduleRequestSchema,
  createSchedulesResponseSchema,
  deleteSchedulesResponseSchema,
  idParamsSchema,
  myScheduleListQuerySchema,
  scheduleListQuerySchema,
  scheduleListSchema,
  scheduleScopeQuerySchema,
  updateScheduleRequestSchema,
  updateSchedulesResponseSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { createSchedules, deleteSchedulesInScope, listMySchedules, listSchedulesFor, updateSchedules } from './schedules.service.ts';

export async function scheduleRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/schedules',
    {
      schema: { tags: ['schedules'], summary: 'Schedules overlapping a period (admin)', querystring: scheduleListQuerySchema, response: { 200: scheduleListSchema } },
      onRequest: requireAuth(deps, ADMINS, { keyScope: 'schedules:read' }),
    },
    (request) => listSchedulesFor(deps, request.query),
  );

  r.get(
    '/api/schedules/mine',
    {
      schema: { tags: ['schedules'], summary: "The caller's schedules (tanod)", querystring: myScheduleListQuerySchema, response: { 200: scheduleListSchema } },
      onRequest: requireAuth(deps, ['tanod']),
    },
    (request) => listMySchedules(deps, actorOf(request), request.query),
  );

  r.post(
    '/api/schedules',
    {
      schema: {
        tags: ['schedules'],
        summary: 'Schedule tanods on an area, once or repeating (admin)',
        description: 'Conflicts answer 409 `schedule_conflict` naming the other schedule and the tanod or area.',
        body: createScheduleRequestSchema,
        response: { 201: createSchedulesResponseSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request, reply) => reply.code(201).send({ schedules: await createSchedules(deps, actorOf(request), request.body) }),
  );

  r.patch(
    '/api/schedules/:id',
    {
      schema: {
        tags: ['schedules'],
        summary: 'Change one occurrence, or it and the later ones of its series (admin)',
        params: idParamsSchema,
        querystring: scheduleScopeQuerySchema,
        body: updateScheduleRequestSchema,
        response: { 200: updateSchedulesResponseSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) => ({ schedules: await updateSchedules(deps, actorOf(request), request.params.id, request.query.scope, request.body) }),
  );

  r.delete(
    '/api/schedules/:id',
    {
      schema: {
        tags: ['schedules'],
        summary: 'Delete one occurrence, or it and the later ones of its series (admin)',
        params: idParamsSchema,
        querystring: scheduleScopeQuerySchema,
        response: { 200: deleteSchedulesResponseSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) => ({ deletedIds: await deleteSchedulesInScope(deps, actorOf(request), request.params.id, request.query.scope) }),
  );
}
