import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicSettingsSchema, updateBoundaryRequestSchema, updateBoundaryResponseSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { actorOf, requireAuth } from '../../http/auth-guard.ts';
import { getPublicSettings, updateBoundary } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: "The barangay's public settings (no sign-in)",
        response: { 200: publicSettingsSchema },
      },
    },
    () => getPublicSettings(deps),
  );

  r.put(
    '/api/settings/boundary',
    {
      schema: {
        tags: ['settings'],
        summary: 'Draw or remove the barangay boundary (supadmin)',
        body: updateBoundaryRequestSchema,
        response: { 200: updateBoundaryResponseSchema },
      },
      onRequest: requireAuth(deps, ['supadmin']),
    },
    (request) => updateBoundary(deps, actorOf(request), request.body.boundary),
  );
}
