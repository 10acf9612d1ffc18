// Authentication runs onRequest, before the body is parsed: an anonymous caller learns nothing from validation and uploads nothing.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SECURITY_LIMITS,
  accountLanguageRequestSchema,
  accountLanguageResponseSchema,
  accountSessionListSchema,
  accountUpdateSchema,
  changePasswordRequestSchema,
  currentUserSchema,
  okSchema,
  passwordChangedSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { readPhoto, uploadRoute } from '../../http/photo-upload.ts';
import { STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import {
  changePassword,
  endAccountSession,
  getAccount,
  listAccountSessions,
  setAccountLanguage,
  updateAccount,
  updateAccountPhoto,
} from './account.service.ts';

/** My Account: any signed-in staff user, on their own account only. */
export async function accountRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = requireAuth(deps, STAFF);
  // The account page is where a one-time password is replaced, so it stays open for that.
  const staffChangingPassword = requireAuth(deps, STAFF, { whilePasswordChangeRequired: true });

  r.get(
    '/api/account',
    { schema: { tags: ['account'], summary: 'My account', response: { 200: currentUserSchema } }, onRequest: staffChangingPassword },
    (request) => getAccount(deps, actorOf(request)),
  );

  r.patch(
    '/api/account',
    {
      schema: { tags: ['account'], summary: 'Edit my profile', body: accountUpdateSchema, response: { 200: currentUserSchema } },
      onRequest: staffOnly,
    },
    (request) => updateAccount(deps, actorOf(request), request.body),
  );

  // Open while a one-time password waits to be replaced: the language switch works on every screen.
  r.put(
    '/api/account/language',
    {
      schema: {
        tags: ['account'],
        summary: 'Keep my language on my account (en or fil)',
        body: accountLanguageRequestSchema,
        response: { 200: accountLanguageResponseSchema },
      },
      onRequest: staffChangingPassword,
    },
    (request) => setAccountLanguage(deps, actorOf(request), request.body.language),
  );

  r.post(
    '/api/account/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change my password; my other sessions end',
        body: changePasswordRequestSchema,
        response: { 200: passwordChangedSchema },
      },
      onRequest: staffChangingPassword,
      config: { rateLimit: { max: deps.config.loginRateLimit, timeWindow: 15 * 60_000 } },
    },
    (request) => changePassword(deps, actorOf(request), request.body),
  );

  r.get(
    '/api/account/sessions',
    { schema: { tags: ['account'], summary: 'My live sessions', response: { 200: accountSessionListSchema } }, onRequest: staffOnly },
    async (request) => ({ sessions: await listAccountSessions(deps, actorOf(request)) }),
  );

  r.delete(
    '/api/account/sessions/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out one of my sessions',
        params: z.object({ id: z.uuid('Unknown session') }),
        response: { 200: okSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => {
      await endAccountSession(deps, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  await uploadRoute(
    app,
    '/api/account/photo',
    { maxBytes: SECURITY_LIMITS.photoMaxBytes },
    {
      schema: {
        tags: ['account'],
        summary: 'Upload my profile photo (multipart, field "photo": JPEG, PNG or WebP up to 5 MB)',
        response: { 200: currentUserSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => updateAccountPhoto(deps, actorOf(request), await readPhoto(request)),
  );
}
