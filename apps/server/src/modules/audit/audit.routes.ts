import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { requireAuth } from '../../http/auth-guard.ts';
import { listAudit } from './audit.service.ts';

/** The audit log is the supadmin's alone (docs/product.md §2). */
export async function auditRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      schema: { tags: ['audit'], summary: 'Who changed what, newest first (supadmin)', querystring: auditListQuerySchema, response: { 200: auditListSchema } },
      onRequest: requireAuth(deps, ['supadmin']),
    },
    (request) => listAudit(deps, request.query),
  );
}
