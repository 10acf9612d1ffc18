import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyIdParamsSchema, apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { actorOf, requireAuth } from '../../http/auth-guard.ts';
import { createApiKey, listKeys, revokeKey } from './api-keys.service.ts';

/** The supadmin's API keys (docs/decisions/034-the-integration-kit.md). Keys themselves may not manage keys. */
export async function apiKeyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const supadminOnly = requireAuth(deps, ['supadmin']);
  const tags = ['api-keys'];

  r.get(
    '/api/api-keys',
    { schema: { tags, summary: 'Every API key, those in use first, then the revoked, each newest first (supadmin)', response: { 200: apiKeyListSchema } }, onRequest: supadminOnly },
    () => listKeys(deps),
  );
  r.post(
    '/api/api-keys',
    {
      schema: {
        tags,
        summary: 'Make an API key with scopes (supadmin)',
        description: 'The answer holds the key itself, `bty_…`: it is shown only this once and stored as its SHA-256.',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema },
      },
      onRequest: supadminOnly,
    },
    async (request, reply) => reply.code(201).send(await createApiKey(deps, actorOf(request), request.body)),
  );
  r.delete(
    '/api/api-keys/:id',
    { schema: { tags, summary: 'Revoke an API key: it is refused (401) from now on (supadmin)', params: apiKeyIdParamsSchema }, onRequest: supadminOnly },
    async (request, reply) => {
      await revokeKey(deps, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
