import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../lib/app-error.ts';

/** The id of the data block the web app reads its public settings from (lib/public-settings.ts). */
export const PUBLIC_SETTINGS_ELEMENT_ID = 'bantay-public-settings';

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached, and
 * every other non-API GET answered with index.html so client routes survive a reload.
 *
 * The shell carries the public settings as a JSON data block, so the public pages render the
 * barangay's name and hotlines in their first paint instead of after a second round trip, and
 * nothing moves when they arrive (the landing page's layout shift). A data block is never executed,
 * so the strict script policy stays as it is.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string | undefined, publicSettingsJson: () => Promise<string>): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && fs.existsSync(indexFile);
  const shell = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  let rendered = { json: '', html: shell };
  const shellWith = (json: string): string => {
    if (rendered.json !== json) {
      // `<` escaped, so no value can close the script element early.
      const block = `<script type="application/json" id="${PUBLIC_SETTINGS_ELEMENT_ID}">${json.replaceAll('<', '\\u003c')}</script>`;
      rendered = { json, html: shell.includes('</head>') ? shell.replace('</head>', `${block}</head>`) : `${block}${shell}` };
    }
    return rendered.html;
  };

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

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasBuild && wantsPage && !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/socket.io')) {
      // A missing file with an extension is a real 404, not a client route.
      if (!path.extname(pathname) || pathname.endsWith('.html')) {
        reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
        return shellWith(await publicSettingsJson());
      }
    }
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}`);
  });
}
