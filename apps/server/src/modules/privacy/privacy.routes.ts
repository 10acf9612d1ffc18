import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteMyAccountRequestSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { actorOf, publicRoute, requireAuth } from '../../http/auth-guard.ts';
import { perIpLimit } from '../../http/public-guards.ts';
import { deleteResidentAccount, exportResidentData, privacyFacts } from './privacy.service.ts';

const privacyFactsSchema = z.object({
  barangayName: z.string(),
  dataProtectionOfficer: z.object({ name: z.string(), contact: z.string() }).nullable(),
  reporterDataRetentionDays: z.number(),
  trackRetentionDays: z.number(),
});

export async function privacyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const residentOnly = requireAuth(deps, ['resident']);
  const pinAttempts = perIpLimit(deps.config.loginRateLimit, 15 * 60_000, msg`Too many attempts from this device. Please try again later.`);

  r.get(
    '/api/public/privacy',
    {
      schema: {
        tags: ['privacy'],
        summary: "The privacy notice's facts: the data protection officer and how long reporters' data is kept (no sign-in)",
        security: [],
        response: { 200: privacyFactsSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      onRequest: publicRoute,
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return privacyFacts(deps);
    },
  );

  r.get(
    '/api/residents/me/data',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Download everything kept about my account, as JSON (resident)',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
      onRequest: residentOnly,
      config: { rateLimit: { max: 10, timeWindow: 60 * 60_000 } },
    },
    async (request, reply) => {
      const data = await exportResidentData(deps, actorOf(request));
      reply.header('Content-Disposition', 'attachment; filename="bantay-my-data.json"').header('Cache-Control', 'no-store');
      return data;
    },
  );

  r.delete(
    '/api/residents/me',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Delete my account with my PIN; my reports stay, anonymised, and every session ends (resident)',
        body: deleteMyAccountRequestSchema,
        response: { 200: z.object({ ok: z.literal(true), reportsAnonymised: z.number(), ratingsAnonymised: z.number() }) },
      },
      onRequest: residentOnly,
      config: pinAttempts,
    },
    async (request) => {
      const result = await deleteResidentAccount(deps, actorOf(request), request.body);
      return { ok: true as const, reportsAnonymised: result.reports, ratingsAnonymised: result.ratings };
    },
  );
}
