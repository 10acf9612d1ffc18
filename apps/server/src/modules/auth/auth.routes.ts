import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema, loginRequestSchema, loginResponseSchema, userSummarySchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, publicRoute, requestMeta, requireAuth } from '../../http/auth-guard.ts';
import { getCurrentUser } from '../users/index.ts';
import { listMessageableUsers, loginStaff, logout } from './auth.service.ts';
import { sendSerializedOnce } from '../../http/serialize-once.ts';

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/login',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Staff sign-in with username (or email) and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
      config: {
        rateLimit: {
          max: deps.config.loginRateLimit,
          timeWindow: 15 * 60_000,
          errorResponseBuilder: (_request, context) =>
            new AppError('RATE_LIMITED', msg`Too many sign-in attempts from this device. Please try again later.`, {
              retryAfterSeconds: Math.ceil(context.ttl / 1000),
            }),
        },
      },
    },
    (request) => loginStaff(deps, request.body, requestMeta(request)),
  );

  r.get(
    '/api/auth/me',
    {
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: currentUserSchema } },
      onRequest: requireAuth(deps, undefined, { whilePasswordChangeRequired: true }),
    },
    async (request, reply) => sendSerializedOnce(reply, currentUserSchema, await getCurrentUser(deps, actorOf(request))),
  );

  r.post(
    '/api/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'End this session', response: { 200: z.object({ ok: z.literal(true) }) } },
      onRequest: requireAuth(deps, undefined, { whilePasswordChangeRequired: true }),
    },
    async (request) => {
      await logout(deps, actorOf(request));
      return { ok: true as const };
    },
  );

  r.get(
    '/api/auth/users',
    {
      schema: {
        tags: ['auth'],
        summary: 'Users the caller may write to',
        response: { 200: z.object({ users: z.array(userSummarySchema) }) },
      },
      onRequest: requireAuth(deps),
    },
    async (request) => ({ users: await listMessageableUsers(deps, actorOf(request)) }),
  );
}
