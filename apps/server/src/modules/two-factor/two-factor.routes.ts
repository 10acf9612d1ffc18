import { msg } from '@lingui/core/macro';
import type { Text } from '../../lib/i18n.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  codeSentSchema,
  enableTwoFactorRequestSchema,
  loginChallengeSchema,
  loginResendRequestSchema,
  loginSuccessSchema,
  loginVerifyRequestSchema,
  sendCodeRequestSchema,
  twoFactorStatusSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { STAFF, actorOf, publicRoute, requestMeta, requireAuth } from '../../http/auth-guard.ts';
import { disableTwoFactor, enableTwoFactor, resendLoginCode, sendSetupCode, verifyLoginChallenge } from './two-factor.service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;

export async function twoFactorRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = (max: number, message: Text) => ({
    rateLimit: {
      max,
      timeWindow: FIFTEEN_MINUTES,
      errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
        new AppError('RATE_LIMITED', message, { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
    },
  });
  const codeLimit = perIp(deps.config.codeRateLimit, msg`Too many code requests from this device. Please try again later.`);
  const verifyLimit = perIp(deps.config.loginRateLimit, msg`Too many attempts from this device. Please try again later.`);

  r.post(
    '/api/2fa/send-code',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Send a 6-digit code to a phone number, to turn on 2FA',
        body: sendCodeRequestSchema,
        response: { 200: codeSentSchema },
      },
      onRequest: requireAuth(deps, STAFF),
      config: codeLimit,
    },
    (request) => sendSetupCode(deps, actorOf(request), request.body, requestMeta(request)),
  );

  r.post(
    '/api/2fa/enable',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Turn on 2FA with the code sent to that number',
        body: enableTwoFactorRequestSchema,
        response: { 200: twoFactorStatusSchema },
      },
      onRequest: requireAuth(deps, STAFF),
      config: verifyLimit,
    },
    (request) => enableTwoFactor(deps, actorOf(request), request.body),
  );

  r.post(
    '/api/2fa/disable',
    {
      schema: { tags: ['two-factor'], summary: 'Turn off 2FA', response: { 200: twoFactorStatusSchema } },
      onRequest: requireAuth(deps, STAFF),
    },
    (request) => disableTwoFactor(deps, actorOf(request)),
  );

  r.post(
    '/api/auth/login/verify',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Complete a 2FA sign-in with the SMS code',
        security: [],
        body: loginVerifyRequestSchema,
        response: { 200: loginSuccessSchema },
      },
      config: verifyLimit,
    },
    (request) => verifyLoginChallenge(deps, request.body, requestMeta(request)),
  );

  r.post(
    '/api/auth/login/resend',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Send a new sign-in code (after 60 seconds)',
        security: [],
        body: loginResendRequestSchema,
        response: { 200: loginChallengeSchema },
      },
      config: codeLimit,
    },
    (request) => resendLoginCode(deps, request.body),
  );
}
