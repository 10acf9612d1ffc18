import { msg } from '@lingui/core/macro';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { publicRoute } from '../../http/auth-guard.ts';
import { notFound } from '../../lib/app-error.ts';
import { APP_ICONS, isAppIconName } from './app-icons.ts';
import { getAppIcon, getAppManifest, type ServedBody } from './app-manifest.service.ts';

/** Answers 304 when the browser's copy is current (`If-None-Match`), else the body with its ETag. */
function sendValidated(request: FastifyRequest, reply: FastifyReply, served: ServedBody, type: string, cacheControl: string) {
  reply.header('ETag', served.etag).header('Cache-Control', cacheControl);
  // Weak comparison (RFC 9110 §13.1.2), as If-None-Match asks for.
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const known = String(request.headers['if-none-match'] ?? '').split(',').map(opaque);
  if (known.includes(opaque(served.etag))) return reply.code(304).send();
  return reply.type(type).send(served.body);
}

/**
 * The web app manifest and its icons, made from the barangay settings (name, abbreviation, logo),
 * so an installed Bantay carries the barangay's name and logo and follows a change of either.
 */
export async function appManifestRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manifest.webmanifest',
    {
      onRequest: publicRoute,
      schema: { tags: ['settings'], summary: 'The web app manifest (name, icons and colours from the barangay settings)', security: [] },
    },
    async (request, reply) =>
      // Checked on every use (a few hundred bytes, or a 304), so a new name shows without waiting.
      sendValidated(request, reply, await getAppManifest(deps), 'application/manifest+json; charset=utf-8', 'no-cache'),
  );

  r.get(
    '/app-icons/:name',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['settings'],
        summary: `An icon of the installed app (${Object.keys(APP_ICONS).join(', ')}), drawn from the barangay logo`,
        security: [],
        params: z.object({ name: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isAppIconName(name)) throw notFound(msg`Icon not found`);
      // The manifest names each icon with the logo's version (`?v=`); the same URL is the same
      // picture for a day, and then revalidated against its ETag.
      return sendValidated(request, reply, await getAppIcon(deps, name), 'image/png', 'public, max-age=86400');
    },
  );
}
