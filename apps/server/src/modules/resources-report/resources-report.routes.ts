import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceReportQuerySchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { generateResourceReport } from './resources-report.service.ts';

export async function resourcesReportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/resources/report',
    {
      schema: {
        tags: ['resources'],
        summary: 'The equipment and vehicle audit report of a period, as PDF or CSV (admin)',
        description:
          'A download: loans, returns with condition, overdue items and trips with distance, per item, vehicle and tanod, with totals.',
        querystring: resourceReportQuerySchema,
        produces: ['application/pdf', 'text/csv'],
      },
      onRequest: requireAuth(deps, ADMINS),
      // Sent whole with its Content-Length, so the browser can show the download's progress.
      compress: false,
    },
    async (request, reply) => {
      const file = await generateResourceReport(deps, actorOf(request), request.query);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
}
