import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  performanceListSchema,
  performancePeriodQuerySchema,
  performanceReportRequestSchema,
  performanceTanodParamsSchema,
  tanodPerformanceSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { generatePerformanceReport } from './performance-report.service.ts';
import { getTanodPerformance, rankTanods } from './performance.service.ts';

/** Performance: a tanod's figures, every active tanod ranked, and the report. */
export async function performanceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/performance',
    {
      schema: {
        tags: ['performance'],
        summary: 'Every active tanod’s figures for a period, ranked best first (admin)',
        querystring: performancePeriodQuerySchema,
        response: { 200: performanceListSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    (request) => rankTanods(deps, request.query),
  );

  r.get(
    '/api/performance/:tanodId',
    {
      schema: {
        tags: ['performance'],
        summary: 'A tanod’s figures, rank and chart series for a period (the tanod themself or an admin)',
        params: performanceTanodParamsSchema,
        querystring: performancePeriodQuerySchema,
        response: { 200: tanodPerformanceSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    (request) => getTanodPerformance(deps, actorOf(request), request.params.tanodId, request.query),
  );

  r.post(
    '/api/performance/report',
    {
      schema: {
        tags: ['performance'],
        summary: 'The performance report of one or every active tanod, as PDF or CSV (admin; re-enter your password)',
        description: 'A download. `pdfPassword` encrypts the PDF. A wrong password answers 403 wrong_password.',
        body: performanceReportRequestSchema,
        produces: ['application/pdf', 'text/csv'],
      },
      onRequest: requireAuth(deps, ADMINS),
      // Password checks are rate limited like the other ones.
      config: { rateLimit: { max: deps.config.loginRateLimit, timeWindow: 15 * 60_000 } },
      // Sent whole with its Content-Length, so the browser can show the download's progress.
      compress: false,
    },
    async (request, reply) => {
      const file = await generatePerformanceReport(deps, actorOf(request), request.body);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
}
