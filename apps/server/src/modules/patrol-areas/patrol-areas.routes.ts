import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GEOJSON_CONTENT_TYPE,
  createPatrolAreaRequestSchema,
  geoJsonFeatureCollectionSchema,
  deletePatrolAreaResponseSchema,
  idParamsSchema,
  patrolAreaListQuerySchema,
  patrolAreaSchema,
  updatePatrolAreaRequestSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { createPatrolArea, editPatrolArea, listAreas, patrolAreasGeoJson, removePatrolArea } from './patrol-areas.service.ts';

export async function patrolAreaRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/patrol-areas',
    {
      schema: { tags: ['patrol-areas'], summary: 'Patrol areas (staff); retired ones with includeRetired=true', querystring: patrolAreaListQuerySchema, response: { 200: z.array(patrolAreaSchema) } },
      onRequest: requireAuth(deps, STAFF, { keyScope: 'areas:read' }),
    },
    (request) => listAreas(deps, request.query.includeRetired),
  );

  r.get(
    '/api/patrol-areas.geojson',
    {
      schema: {
        tags: ['patrol-areas'],
        summary: 'Patrol areas as GeoJSON Polygons, for QGIS and city maps (staff); retired ones with includeRetired=true',
        querystring: patrolAreaListQuerySchema,
        response: { 200: geoJsonFeatureCollectionSchema },
        produces: ['application/geo+json'],
      },
      onRequest: requireAuth(deps, STAFF, { keyScope: 'areas:read' }),
    },
    async (request, reply) => reply.type(GEOJSON_CONTENT_TYPE).header('Cache-Control', 'no-store').send(await patrolAreasGeoJson(deps, request.query.includeRetired)),
  );

  r.post(
    '/api/patrol-areas',
    {
      schema: { tags: ['patrol-areas'], summary: 'Draw a patrol area (admin)', body: createPatrolAreaRequestSchema, response: { 201: patrolAreaSchema } },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request, reply) => reply.code(201).send(await createPatrolArea(deps, actorOf(request), request.body)),
  );

  r.patch(
    '/api/patrol-areas/:id',
    {
      schema: { tags: ['patrol-areas'], summary: 'Rename, recolour, redraw or bring back an area (admin)', params: idParamsSchema, body: updatePatrolAreaRequestSchema, response: { 200: patrolAreaSchema } },
      onRequest: requireAuth(deps, ADMINS),
    },
    (request) => editPatrolArea(deps, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/patrol-areas/:id',
    {
      schema: { tags: ['patrol-areas'], summary: 'Delete an unused area, or retire one that schedules use (admin)', params: idParamsSchema, response: { 200: deletePatrolAreaResponseSchema } },
      onRequest: requireAuth(deps, ADMINS),
    },
    (request) => removePatrolArea(deps, actorOf(request), request.params.id),
  );
}
