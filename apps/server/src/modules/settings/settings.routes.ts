import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicSettingsSchema, type PublicSettings } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { getPublicSettingsJson } from './settings.service.ts';

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
    async (_request, reply) => {
      const json = await getPublicSettingsJson(deps);
      // Fastify sends a string with a JSON content type as is: the settings are serialized (and
      // checked against the schema) once per change in settings.service.ts, not per request.
      return reply.type('application/json; charset=utf-8').send(json as unknown as PublicSettings);
    },
  );
}
