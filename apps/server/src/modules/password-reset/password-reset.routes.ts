import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordRequestSchema, forgotPasswordResponseSchema, okSchema, resetPasswordRequestSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { publicRoute } from '../../http/auth-guard.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkResetToken, requestPasswordReset, resetPassword } from './password-reset.service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;

export async function passwordResetRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: FIFTEEN_MINUTES,
      errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
        new AppError('RATE_LIMITED', msg`Too many requests from this device. Please try again later.`, {
          retryAfterSeconds: Math.ceil(context.ttl / 1000),
        }),
    },
  });

  r.post(
    '/api/auth/forgot-password',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Email a password-reset link (same answer whether or not the account exists)',
        security: [],
        body: forgotPasswordRequestSchema,
        response: { 200: forgotPasswordResponseSchema },
      },
      config: limited(deps.config.codeRateLimit),
    },
    (request) => requestPasswordReset(deps, request.body),
  );

  r.post(
    '/api/auth/reset-password/check',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link still works',
        security: [],
        body: z.object({ token: z.string().max(200) }),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
      config: limited(deps.config.loginRateLimit),
    },
    (request) => checkResetToken(deps, request.body.token),
  );

  r.post(
    '/api/auth/reset-password',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed link; every session of the account ends',
        security: [],
        body: resetPasswordRequestSchema,
        response: { 200: okSchema },
      },
      config: limited(deps.config.loginRateLimit),
    },
    (request) => resetPassword(deps, request.body),
  );
}
