import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboardQuerySchema, adminDashboardSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { getAdminDashboard } from './admin-dashboard.service.ts';

export async function adminDashboardRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/dashboard/admin',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The admin dashboard: now's counts, and the period's incidents, response times, heat map and top performers",
        description: 'Admins and the supadmin. The period is the performance period (default `month`, barangay time zone).',
        querystring: adminDashboardQuerySchema,
        response: { 200: adminDashboardSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) => getAdminDashboard(deps, actorOf(request), request.query),
  );
}
