import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SECURITY_LIMITS,
  createStaffUserSchema,
  createdStaffUserSchema,
  oneTimePasswordSchema,
  staffHandoffSchema,
  staffUserSchema,
  updateStaffUserSchema,
  userListQuerySchema,
  userListSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { readPhoto, uploadRoute } from '../../http/photo-upload.ts';
import { ADMINS, actorOf, requireAuth } from '../../http/auth-guard.ts';
import {
  createStaffUser,
  deactivateStaffUser,
  getStaffUser,
  listStaffUsers,
  reactivateStaffUser,
  resetStaffPassword,
  updateStaffPhoto,
  updateStaffUser,
} from './staff-accounts.service.ts';
import { getStaffHandoff } from './handoff.service.ts';

const idParams = z.object({ id: z.uuid('Unknown user') });

/** Staff accounts: admins manage tanods, the supadmin manages admins too. */
export async function userRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Checked before the body is parsed: a tanod learns nothing from validation errors.
  const adminsOnly = requireAuth(deps, ADMINS);
  const tags = ['users'];

  r.get(
    '/api/users',
    {
      schema: { tags, summary: 'Staff accounts the caller manages', querystring: userListQuerySchema, response: { 200: userListSchema } },
      onRequest: adminsOnly,
    },
    (request) => listStaffUsers(deps, actorOf(request), request.query),
  );

  r.post(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Create a staff account; the one-time password is answered once',
        body: createStaffUserSchema,
        response: { 201: createdStaffUserSchema },
      },
      onRequest: adminsOnly,
    },
    async (request, reply) => reply.code(201).send(await createStaffUser(deps, actorOf(request), request.body)),
  );

  r.get(
    '/api/users/:id',
    { schema: { tags, summary: 'One staff account', params: idParams, response: { 200: staffUserSchema } }, onRequest: adminsOnly },
    (request) => getStaffUser(deps, actorOf(request), request.params.id),
  );

  r.patch(
    '/api/users/:id',
    {
      schema: { tags, summary: 'Edit a staff account', params: idParams, body: updateStaffUserSchema, response: { 200: staffUserSchema } },
      onRequest: adminsOnly,
    },
    (request) => updateStaffUser(deps, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/users/:id/deactivate',
    {
      schema: { tags, summary: 'Deactivate: sign-in refused, sessions and sockets end at once', params: idParams, response: { 200: staffUserSchema } },
      onRequest: adminsOnly,
    },
    (request) => deactivateStaffUser(deps, actorOf(request), request.params.id),
  );

  r.get(
    '/api/users/:id/handoff',
    {
      schema: {
        tags,
        summary: 'What deactivating the account leaves behind: the incident that returns to the queue, open loans, shifts not yet over',
        params: idParams,
        response: { 200: staffHandoffSchema },
      },
      onRequest: adminsOnly,
    },
    (request) => getStaffHandoff(deps, actorOf(request), request.params.id),
  );

  r.post(
    '/api/users/:id/reactivate',
    { schema: { tags, summary: 'Reactivate a deactivated account', params: idParams, response: { 200: staffUserSchema } }, onRequest: adminsOnly },
    (request) => reactivateStaffUser(deps, actorOf(request), request.params.id),
  );

  r.post(
    '/api/users/:id/reset-password',
    {
      schema: { tags, summary: 'A new one-time password, answered once; sessions end', params: idParams, response: { 200: oneTimePasswordSchema } },
      onRequest: adminsOnly,
    },
    (request) => resetStaffPassword(deps, actorOf(request), request.params.id),
  );

  await uploadRoute(
    app,
    '/api/users/:id/photo',
    { maxBytes: SECURITY_LIMITS.photoMaxBytes },
    {
      schema: {
        tags,
        summary: "Upload a staff member's photo (multipart, field \"photo\": JPEG, PNG or WebP up to 5 MB)",
        params: idParams,
        response: { 200: staffUserSchema },
      },
      onRequest: adminsOnly,
    },
    async (request) => updateStaffPhoto(deps, actorOf(request), request.params.id, await readPhoto(request)),
  );
}
