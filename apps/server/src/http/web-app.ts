import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../lib/app-error.ts';

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached, and
 * every other non-API GET answered with index.html so client routes survive a reload.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && fs.existsSync(indexFile);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasBuild && wantsPage && !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/socket.io')) {
      // A missing file with an extension is a real 404, not a client route.
      if (!path.extname(pathname) || pathname.endsWith('.html')) {
        reply.header('Cache-Control', 'no-cache');
        return reply.sendFile('index.html');
      }
    }
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}`);
  });
}
