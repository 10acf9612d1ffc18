import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/client.ts';
import { bearerToken, publicRoute } from '../../http/auth-guard.ts';
import { authenticateToken } from '../auth/index.ts';

/**
 * Whether this instance should be sent traffic. main.ts sets `shuttingDown` on SIGTERM, before it
 * stops anything, so a load balancer polling the readiness check takes the instance out while it
 * still answers (decision 024).
 */
export interface Lifecycle {
  shuttingDown: boolean;
}

const healthSchema = z.object({
  status: z.enum(['up', 'down']),
  /** Only for a signed-in supadmin: anyone else learns up or down, never versions. */
  details: z
    .object({
      database: z.object({
        driver: z.enum(['pglite', 'postgres']),
        status: z.enum(['up', 'down']),
        version: z.string().nullable(),
        /** The embedded database syncs each commit to the disk (db/pglite-durability.ts). */
        durable: z.boolean().nullable(),
      }),
      node: z.string(),
      uptimeSeconds: z.number(),
      shuttingDown: z.boolean(),
    })
    .optional(),
});

const readinessSchema = z.object({ status: z.enum(['ready', 'shutting_down', 'database_down']) });

export interface HealthRouteOptions {
  deps: AppDeps;
  database: Pick<Database, 'driver' | 'version' | 'pglite'>;
  lifecycle: Lifecycle;
}

export async function healthRoutes(app: FastifyInstance, { deps, database, lifecycle }: HealthRouteOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: up or down; versions and details for a signed-in supadmin',
        response: { 200: healthSchema, 503: healthSchema },
      },
      onRequest: publicRoute,
    },
    async (request, reply) => {
      let version: string | null = null;
      try {
        version = await database.version();
      } catch {
        // down: answered below
      }
      const status = version ? ('up' as const) : ('down' as const);
      const body: z.infer<typeof healthSchema> = { status };
      if (await isSupadmin(deps, bearerToken(request.headers.authorization))) {
        body.details = {
          database: {
            driver: database.driver,
            status,
            version,
            durable: database.driver === 'pglite' ? Boolean(database.pglite?.fsyncs) : null,
          },
          node: process.version,
          uptimeSeconds: Math.round(process.uptime()),
          shuttingDown: lifecycle.shuttingDown,
        };
      }
      return reply.status(status === 'up' ? 200 : 503).send(body);
    },
  );

  routes.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 while this instance should get traffic, 503 while it shuts down or its database is down',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
      onRequest: publicRoute,
    },
    async (_request, reply) => {
      if (lifecycle.shuttingDown) return reply.status(503).send({ status: 'shutting_down' as const });
      try {
        await database.version();
      } catch {
        return reply.status(503).send({ status: 'database_down' as const });
      }
      return { status: 'ready' as const };
    },
  );
}

/** A caller without a valid supadmin session simply gets the public answer. */
async function isSupadmin(deps: AppDeps, token: string | null): Promise<boolean> {
  if (!token) return false;
  try {
    const result = await authenticateToken(deps, token);
    return result?.actor.userType === 'supadmin' && !result.actor.mustChangePassword;
  } catch {
    return false;
  }
}
