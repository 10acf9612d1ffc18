import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { publicRoute } from '../../http/auth-guard.ts';
import { notFound } from '../../lib/app-error.ts';
import { avatarKey } from './avatar-storage.ts';
import { resourcePhotoKey } from './resource-photos.ts';

export async function filesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/files/avatars/:file',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['files'],
        summary: 'A profile photo (public: the names are random and unguessable)',
        security: [],
        params: z.object({ file: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const key = avatarKey(request.params.file);
      const file = key ? await deps.files.get(key) : null;
      if (!file) throw notFound(msg`File not found`);
      return reply
        .type(file.contentType)
        .header('Content-Length', String(file.data.length))
        // A new photo gets a new name, so a name's bytes never change.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .send(file.data);
    },
  );

  r.get(
    '/api/resources/photos/:file',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['resources'],
        summary: 'A photo of an item or vehicle (public: the names are random and unguessable)',
        security: [],
        params: z.object({ file: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const key = resourcePhotoKey(request.params.file);
      const file = key ? await deps.files.get(key) : null;
      if (!file) throw notFound(msg`Photo not found`);
      return (
        reply
          .type(file.contentType)
          .header('Content-Length', String(file.data.length))
          // A new photo gets a new name, so a name's bytes never change.
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Cross-Origin-Resource-Policy', 'same-origin')
          .send(file.data)
      );
    },
  );
}
