import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tanodDashboardSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { actorOf, requireAuth } from '../../http/auth-guard.ts';
import { getTanodDashboard } from './tanod-dashboard.service.ts';

/** The tanod's /Dashboard data: about the caller only. */
export async function tanodDashboardRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/dashboard/tanod',
    {
      schema: { tags: ['dashboard'], summary: 'My shifts, incidents, loans, figures and feedback (tanod)', response: { 200: tanodDashboardSchema } },
      onRequest: requireAuth(deps, ['tanod']),
    },
    (request) => getTanodDashboard(deps, actorOf(request)),
  );
}
