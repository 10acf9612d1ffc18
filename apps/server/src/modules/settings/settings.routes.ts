import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SECURITY_LIMITS,
  publicSettingsSchema,
  updateBoundaryRequestSchema,
  updateBoundaryResponseSchema,
  updateSettingsSchema,
  type PublicSettings,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { readPhoto, uploadRoute } from '../../http/photo-upload.ts';
import { actorOf, publicRoute, requireAuth } from '../../http/auth-guard.ts';
import { getPublicSettings, getPublicSettingsJson, updateBoundary, updateLogo, updateSettings } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const supadminOnly = requireAuth(deps, ['supadmin']);
  r.get(
    '/api/settings/public',
    {
      onRequest: publicRoute,
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

  // Everything the barangay sets is public today (name, hotlines, map…), so the supadmin's view
  // is the same document; it is a separate call so private settings can join it later.
  r.get(
    '/api/settings',
    { schema: { tags: ['settings'], summary: 'Barangay settings (supadmin)', response: { 200: publicSettingsSchema } }, onRequest: supadminOnly },
    () => getPublicSettings(deps),
  );

  r.patch(
    '/api/settings',
    {
      schema: { tags: ['settings'], summary: 'Change barangay settings (supadmin)', body: updateSettingsSchema, response: { 200: publicSettingsSchema } },
      onRequest: supadminOnly,
    },
    (request) => updateSettings(deps, actorOf(request), request.body),
  );

  await uploadRoute(
    app,
    '/api/settings/logo',
    { maxBytes: SECURITY_LIMITS.photoMaxBytes },
    {
      schema: {
        tags: ['settings'],
        summary: 'Upload the barangay logo (multipart, field "photo": JPEG, PNG or WebP up to 5 MB; supadmin)',
        response: { 200: publicSettingsSchema },
      },
      onRequest: supadminOnly,
    },
    async (request) => updateLogo(deps, actorOf(request), await readPhoto(request)),
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
      onRequest: supadminOnly,
    },
    (request) => updateBoundary(deps, actorOf(request), request.body.boundary),
  );
}
