import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../http/auth-guard.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ driver: z.enum(['pglite', 'postgres']), status: z.enum(['up', 'down']), version: z.string().nullable() }),
});

export async function healthRoutes(
  app: FastifyInstance,
  database: { driver: 'pglite' | 'postgres'; version(): Promise<string> },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness and database status', response: { 200: healthSchema, 503: healthSchema } }, onRequest: publicRoute },
    async (_request, reply) => {
      try {
        const version = await database.version();
        return { status: 'ok' as const, database: { driver: database.driver, status: 'up' as const, version } };
      } catch {
        return reply
          .status(503)
          .send({ status: 'degraded' as const, database: { driver: database.driver, status: 'down' as const, version: null } });
      }
    },
  );
}
