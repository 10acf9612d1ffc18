import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicSettingsSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { getPublicSettings } from './settings.service.ts';

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
}
