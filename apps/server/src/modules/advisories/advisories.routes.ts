import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  advisoryListSchema,
  advisoryOptInSchema,
  advisorySchema,
  createAdvisoryRequestSchema,
  idParamsSchema,
  okSchema,
  publicAdvisoryListSchema,
  updateAdvisoryRequestSchema,
  type PublicAdvisoryList,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, actorOf, publicRoute, requireAuth } from '../../http/auth-guard.ts';
import {
  activeAdvisories,
  createAdvisory,
  editAdvisory,
  getAdvisoryOptIn,
  listAdvisories,
  publishAdvisory,
  removeAdvisory,
  setAdvisoryOptIn,
} from './advisories.service.ts';

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

export async function advisoryRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = requireAuth(deps, ADMINS);
  // API keys: advisories:read lists them, advisories:write writes, corrects and ends them.
  const adminsOrReadKey = requireAuth(deps, ADMINS, { keyScope: 'advisories:read' });
  const adminsOrWriteKey = requireAuth(deps, ADMINS, { keyScope: 'advisories:write' });
  const residentOnly = requireAuth(deps, ['resident']);

  r.get(
    '/api/public/advisories',
    {
      schema: {
        tags: ['advisories'],
        summary: 'The advisories in force now (no sign-in; cacheable, with an ETag)',
        security: [],
        response: { 200: publicAdvisoryListSchema },
      },
      config: { rateLimit: { max: 300, timeWindow: 60_000 } },
      onRequest: publicRoute,
    },
    async (request, reply) => {
      const { items, maxAgeSeconds } = await activeAdvisories(deps);
      const body: PublicAdvisoryList = { items };
      // Weak: the compression plugin may send the same JSON encoded differently.
      const etag = `W/"${crypto.createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
      // Never kept past the next start or end, so a cached list does not outlive a window.
      reply.header('ETag', etag).header('Cache-Control', `public, max-age=${maxAgeSeconds}`);
      const known = String(request.headers['if-none-match'] ?? '').split(',').map(opaque);
      // 304 has no body, so it is outside the response schema's typing.
      if (known.includes(opaque(etag))) return (reply as FastifyReply).code(304).send();
      return body;
    },
  );

  r.get(
    '/api/advisories',
    {
      schema: { tags: ['advisories'], summary: 'Every advisory, scheduled, active and ended (admin)', response: { 200: advisoryListSchema } },
      onRequest: adminsOrReadKey,
    },
    (request) => listAdvisories(deps, actorOf(request)),
  );

  r.post(
    '/api/advisories',
    {
      schema: {
        tags: ['advisories'],
        summary: 'Publish an advisory; residents who opted in are alerted when it starts (admin)',
        body: createAdvisoryRequestSchema,
        response: { 201: advisorySchema },
      },
      onRequest: adminsOrWriteKey,
    },
    async (request, reply) => reply.code(201).send(await createAdvisory(deps, actorOf(request), request.body)),
  );

  r.patch(
    '/api/advisories/:id',
    {
      schema: {
        tags: ['advisories'],
        summary: 'Correct an advisory, or end it early (admin)',
        params: idParamsSchema,
        body: updateAdvisoryRequestSchema,
        response: { 200: advisorySchema },
      },
      onRequest: adminsOrWriteKey,
    },
    (request) => editAdvisory(deps, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/advisories/:id/publish',
    {
      schema: {
        tags: ['advisories'],
        summary: 'Publish a draft advisory (one read from an outside CAP feed) as it stands (admin)',
        params: idParamsSchema,
        response: { 200: advisorySchema },
      },
      onRequest: admins,
    },
    (request) => publishAdvisory(deps, actorOf(request), request.params.id),
  );

  r.delete(
    '/api/advisories/:id',
    {
      schema: { tags: ['advisories'], summary: 'Delete an advisory (admin; the audit log keeps its text)', params: idParamsSchema, response: { 200: okSchema } },
      onRequest: admins,
    },
    async (request) => {
      await removeAdvisory(deps, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/residents/me/advisory-alerts',
    {
      schema: { tags: ['advisories'], summary: 'How advisories reach me: web push, SMS (resident)', response: { 200: advisoryOptInSchema } },
      onRequest: residentOnly,
    },
    (request) => getAdvisoryOptIn(deps, actorOf(request)),
  );

  r.put(
    '/api/residents/me/advisory-alerts',
    {
      schema: { tags: ['advisories'], summary: 'Choose how advisories reach me (resident)', body: advisoryOptInSchema, response: { 200: advisoryOptInSchema } },
      onRequest: residentOnly,
    },
    (request) => setAdvisoryOptIn(deps, actorOf(request), request.body),
  );
}
