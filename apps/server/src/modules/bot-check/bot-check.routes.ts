import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { altchaChallengeSchema, botCheckConfigSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { publicRoute } from '../../http/auth-guard.ts';
import { CHALLENGE_PATH, createBotCheckChallenge, getBotCheckConfig } from './bot-check.service.ts';

export async function botCheckRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/bot-check/config',
    {
      onRequest: publicRoute,
      schema: { tags: ['bot-check'], summary: 'Which bot check the web shows (no sign-in)', security: [], response: { 200: botCheckConfigSchema } },
    },
    () => getBotCheckConfig(deps),
  );

  r.get(
    CHALLENGE_PATH,
    {
      onRequest: publicRoute,
      schema: {
        tags: ['bot-check'],
        summary: 'A fresh ALTCHA proof-of-work challenge (no sign-in)',
        description: 'Solve it with the altcha widget and send the payload as `botCheck` in the protected call.',
        security: [],
        response: { 200: altchaChallengeSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return createBotCheckChallenge(deps);
    },
  );
}
