import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentPatrolSchema,
  endPatrolRequestSchema,
  idParamsSchema,
  patrolDetailSchema,
  patrolListQuerySchema,
  patrolListSchema,
  patrolLogEntrySchema,
  patrolLogRequestSchema,
  patrolTrackSchema,
  GEOJSON_CONTENT_TYPE,
  geoJsonFeatureCollectionSchema,
  startPatrolRequestSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { patrolTracksGeoJson } from './patrol-tracks.service.ts';
import { addPatrolLogEntry, endPatrol, getCurrentPatrol, getPatrol, getPatrolTrack, listPatrols, startPatrol } from './patrols.service.ts';

export async function patrolRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tanodOnly = requireAuth(deps, ['tanod']);

  r.post(
    '/api/patrols/start',
    {
      schema: {
        tags: ['patrols'],
        summary: 'Start the patrol of a schedule (tanod, member)',
        description: 'Refusals are 422 with `not_a_member`, `too_early`, `shift_over` or `outside_area`.',
        body: startPatrolRequestSchema,
        response: { 201: patrolDetailSchema },
      },
      onRequest: tanodOnly,
    },
    async (request, reply) => reply.code(201).send(await startPatrol(deps, actorOf(request), request.body)),
  );

  r.get(
    '/api/patrols/current',
    { schema: { tags: ['patrols'], summary: "The caller's patrol in progress (tanod)", response: { 200: currentPatrolSchema } }, onRequest: tanodOnly },
    (request) => getCurrentPatrol(deps, actorOf(request)),
  );

  r.post(
    '/api/patrols/:id/end',
    { schema: { tags: ['patrols'], summary: 'End my patrol (tanod)', params: idParamsSchema, body: endPatrolRequestSchema, response: { 200: patrolDetailSchema } }, onRequest: tanodOnly },
    (request) => endPatrol(deps, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/patrols/:id/log',
    {
      schema: { tags: ['patrols'], summary: 'Write in my patrol log (tanod, during the patrol)', params: idParamsSchema, body: patrolLogRequestSchema, response: { 201: patrolLogEntrySchema } },
      onRequest: tanodOnly,
    },
    async (request, reply) => reply.code(201).send(await addPatrolLogEntry(deps, actorOf(request), request.params.id, request.body)),
  );

  r.get(
    '/api/patrols',
    { schema: { tags: ['patrols'], summary: 'Patrols by schedule start (admin: anyone; tanod: own)', querystring: patrolListQuerySchema, response: { 200: patrolListSchema } }, onRequest: requireAuth(deps, STAFF) },
    (request) => listPatrols(deps, actorOf(request), request.query),
  );

  r.get(
    '/api/patrols/tracks.geojson',
    {
      schema: {
        tags: ['patrols'],
        summary: 'Walked patrol tracks as GeoJSON LineStrings, by schedule start (admin: anyone; tanod: own)',
        querystring: patrolListQuerySchema,
        response: { 200: geoJsonFeatureCollectionSchema },
        produces: ['application/geo+json'],
      },
      onRequest: requireAuth(deps, STAFF, { keyScope: 'tracking:read' }),
    },
    async (request, reply) => reply.type(GEOJSON_CONTENT_TYPE).header('Cache-Control', 'no-store').send(await patrolTracksGeoJson(deps, actorOf(request), request.query)),
  );

  r.get(
    '/api/patrols/:id',
    { schema: { tags: ['patrols'], summary: 'A patrol with its log, attendance and distance', params: idParamsSchema, response: { 200: patrolDetailSchema } }, onRequest: requireAuth(deps, STAFF) },
    (request) => getPatrol(deps, actorOf(request), request.params.id),
  );

  r.get(
    '/api/patrols/:id/track',
    { schema: { tags: ['patrols'], summary: "A patrol's points in time order, for the route and replay", params: idParamsSchema, response: { 200: patrolTrackSchema } }, onRequest: requireAuth(deps, STAFF) },
    (request) => getPatrolTrack(deps, actorOf(request), request.params.id),
  );
}
