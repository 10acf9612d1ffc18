import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RESOURCE_LIMITS,
  createInventoryItemRequestSchema,
  inventoryItemSchema,
  inventoryListQuerySchema,
  inventoryListSchema,
  resourceIdParamsSchema,
  updateInventoryItemRequestSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { readPhoto, uploadRoute } from '../../http/photo-upload.ts';
import {
  createInventoryItem,
  listInventory,
  retireInventoryItem,
  updateInventoryItem,
  updateInventoryItemPhoto,
} from './inventory.service.ts';

export async function inventoryRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/inventory',
    {
      schema: {
        tags: ['resources'],
        summary: 'The inventory with available, on loan and total per item (staff)',
        querystring: inventoryListQuerySchema,
        response: { 200: inventoryListSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => listInventory(deps, actorOf(request), request.query),
  );

  r.post(
    '/api/inventory',
    {
      schema: {
        tags: ['resources'],
        summary: 'Add an item (admin)',
        body: createInventoryItemRequestSchema,
        response: { 201: inventoryItemSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request, reply) => reply.code(201).send(await createInventoryItem(deps, actorOf(request), request.body)),
  );

  r.patch(
    '/api/inventory/:id',
    {
      schema: {
        tags: ['resources'],
        summary: 'Edit an item (admin); the total cannot go below what is on loan',
        params: resourceIdParamsSchema,
        body: updateInventoryItemRequestSchema,
        response: { 200: inventoryItemSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) => updateInventoryItem(deps, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/inventory/:id/retire',
    {
      schema: {
        tags: ['resources'],
        summary: 'Retire an item (admin): kept for history, no longer lent',
        params: resourceIdParamsSchema,
        response: { 200: inventoryItemSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) => retireInventoryItem(deps, actorOf(request), request.params.id),
  );

  await uploadRoute(
    app,
    '/api/inventory/:id/photo',
    { maxBytes: RESOURCE_LIMITS.photoMaxBytes },
    {
      schema: {
        tags: ['resources'],
        summary: 'Set an item\'s photo (admin; multipart, field "photo": JPEG, PNG or WebP, 5 MB)',
        params: resourceIdParamsSchema,
        response: { 200: inventoryItemSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) =>
      updateInventoryItemPhoto(deps, actorOf(request), request.params.id, await readPhoto(request)),
  );
}
