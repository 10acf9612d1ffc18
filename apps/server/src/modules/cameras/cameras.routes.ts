import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cameraIdParamsSchema,
  cameraListResponseSchema,
  cameraSchema,
  createCameraRequestSchema,
  incidentIdParamsSchema,
  nearestCamerasQuerySchema,
  nearestCamerasResponseSchema,
  updateCameraRequestSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { createCamera, editCamera, listAllCameras, nearestCamerasToIncident, removeCamera } from './cameras.service.ts';

/**
 * CCTV cameras: staff read them for the maps and find those nearest an incident (cameras asks
 * incidents' door for the incident); admins add, edit and delete.
 */
export async function cameraRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cameras'];
  const adminsOnly = requireAuth(deps, ADMINS);

  r.get(
    '/api/cameras',
    {
      schema: { tags, summary: 'Every CCTV camera, by name (staff)', response: { 200: cameraListResponseSchema } },
      onRequest: requireAuth(deps, STAFF),
    },
    async () => listAllCameras(deps),
  );

  r.post(
    '/api/cameras',
    {
      schema: { tags, summary: 'Adds a camera (admin)', body: createCameraRequestSchema, response: { 201: cameraSchema } },
      onRequest: adminsOnly,
    },
    async (request, reply) => reply.code(201).send(await createCamera(deps, actorOf(request), request.body)),
  );

  r.patch(
    '/api/cameras/:id',
    {
      schema: {
        tags,
        summary: 'Changes a camera (admin); null clears an optional field',
        params: cameraIdParamsSchema,
        body: updateCameraRequestSchema,
        response: { 200: cameraSchema },
      },
      onRequest: adminsOnly,
    },
    async (request) => editCamera(deps, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/cameras/:id',
    {
      schema: { tags, summary: 'Deletes a camera (admin)', params: cameraIdParamsSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
      onRequest: adminsOnly,
    },
    async (request) => {
      await removeCamera(deps, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/incidents/:id/cameras',
    {
      schema: {
        // Listed with the incident's routes in the API docs, as the path says.
        tags: ['incidents'],
        summary: 'The CCTV cameras nearest to an incident, with distances and the review window (occurredAt ± 10 minutes)',
        params: incidentIdParamsSchema,
        querystring: nearestCamerasQuerySchema,
        response: { 200: nearestCamerasResponseSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => nearestCamerasToIncident(deps, actorOf(request), request.params.id, request.query),
  );
}
