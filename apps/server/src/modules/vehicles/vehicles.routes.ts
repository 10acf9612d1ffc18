import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RESOURCE_LIMITS,
  completeTripRequestSchema,
  createTripRequestSchema,
  createVehicleRequestSchema,
  rejectTripRequestSchema,
  resourceIdParamsSchema,
  tripListQuerySchema,
  tripListSchema,
  tripSchema,
  updateVehicleRequestSchema,
  vehicleListSchema,
  vehicleSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { readPhoto, uploadRoute } from '../../http/photo-upload.ts';
import { approveTrip, cancelTrip, completeTrip, listTrips, rejectTrip, requestTrip } from './trips.service.ts';
import { createVehicle, editVehicle, listVehicles, updateVehiclePhoto } from './vehicles.service.ts';

export async function vehicleRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/vehicles',
    {
      schema: {
        tags: ['resources'],
        summary: 'Vehicles: all for admins, the ones they drive for a tanod',
        response: { 200: vehicleListSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => listVehicles(deps, actorOf(request)),
  );

  r.post(
    '/api/vehicles',
    {
      schema: {
        tags: ['resources'],
        summary: 'Register a vehicle (admin)',
        body: createVehicleRequestSchema,
        response: { 201: vehicleSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request, reply) => reply.code(201).send(await createVehicle(deps, actorOf(request), request.body)),
  );

  r.patch(
    '/api/vehicles/:id',
    {
      schema: {
        tags: ['resources'],
        summary: 'Edit a vehicle, its status and drivers (admin); the odometer never goes back',
        params: resourceIdParamsSchema,
        body: updateVehicleRequestSchema,
        response: { 200: vehicleSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) => editVehicle(deps, actorOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/trips',
    {
      schema: {
        tags: ['resources'],
        summary: 'Trips: all for admins, their own for a tanod; pending first',
        querystring: tripListQuerySchema,
        response: { 200: tripListSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => listTrips(deps, actorOf(request), request.query),
  );

  r.post(
    '/api/trips',
    {
      schema: {
        tags: ['resources'],
        summary: 'Request a trip (an assigned driver)',
        description: 'Answers 409 vehicle_booked, naming the trip, when an approved trip of the vehicle overlaps.',
        body: createTripRequestSchema,
        response: { 201: tripSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request, reply) => reply.code(201).send(await requestTrip(deps, actorOf(request), request.body)),
  );

  r.post(
    '/api/trips/:id/approve',
    {
      schema: {
        tags: ['resources'],
        summary: 'Approve a pending trip (admin)',
        params: resourceIdParamsSchema,
        response: { 200: tripSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) => approveTrip(deps, actorOf(request), request.params.id),
  );

  r.post(
    '/api/trips/:id/reject',
    {
      schema: {
        tags: ['resources'],
        summary: 'Reject a pending trip with a reason (admin)',
        params: resourceIdParamsSchema,
        body: rejectTripRequestSchema,
        response: { 200: tripSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) => rejectTrip(deps, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/trips/:id/cancel',
    {
      schema: {
        tags: ['resources'],
        summary: 'Cancel a pending or approved trip (the driver or an admin)',
        params: resourceIdParamsSchema,
        response: { 200: tripSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => cancelTrip(deps, actorOf(request), request.params.id),
  );

  r.post(
    '/api/trips/:id/complete',
    {
      schema: {
        tags: ['resources'],
        summary: 'Complete an approved trip with the end odometer and condition (the driver or an admin)',
        params: resourceIdParamsSchema,
        body: completeTripRequestSchema,
        response: { 200: tripSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => completeTrip(deps, actorOf(request), request.params.id, request.body),
  );

  await uploadRoute(
    app,
    '/api/vehicles/:id/photo',
    { maxBytes: RESOURCE_LIMITS.photoMaxBytes },
    {
      schema: {
        tags: ['resources'],
        summary: 'Set a vehicle\'s photo (admin; multipart, field "photo": JPEG, PNG or WebP, 5 MB)',
        params: resourceIdParamsSchema,
        response: { 200: vehicleSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) => updateVehiclePhoto(deps, actorOf(request), request.params.id, await readPhoto(request)),
  );
}
