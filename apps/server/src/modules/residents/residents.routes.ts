import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SECURITY_LIMITS,
  accountLanguageRequestSchema,
  accountLanguageResponseSchema,
  codeSentSchema,
  currentUserSchema,
  loginSuccessSchema,
  myReportListSchema,
  okSchema,
  publicPuroksSchema,
  residentForgotPinRequestSchema,
  residentForgotPinResponseSchema,
  residentHomeRequestSchema,
  residentHomeSchema,
  residentLoginRequestSchema,
  residentResetPinRequestSchema,
  residentSendCodeRequestSchema,
  residentSignupRequestSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { actorOf, publicRoute, requestMeta, requireAuth } from '../../http/auth-guard.ts';
import { readPhoto, uploadRoute } from '../../http/photo-upload.ts';
import { setAccountLanguage, updateAccountPhoto } from '../account/index.ts';
import { listMyReports } from '../incidents/index.ts';
import { perIpLimit } from '../../http/public-guards.ts';
import { checkPinResetToken, loginResident, requestPinReset, resetPin, sendResidentSignupCode, signUpResident } from './residents.service.ts';
import { getResidentHome, listPuroks, setResidentHome } from './resident-home.ts';

const FIFTEEN_MINUTES = 15 * 60_000;

export async function residentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const codeLimit = perIpLimit(deps.config.codeRateLimit, FIFTEEN_MINUTES, msg`Too many code requests from this device. Please try again later.`);
  const attemptLimit = perIpLimit(deps.config.loginRateLimit, FIFTEEN_MINUTES, msg`Too many attempts from this device. Please try again later.`);
  const residentOnly = requireAuth(deps, ['resident']);

  r.post(
    '/api/residents/send-code',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['residents'],
        summary: 'Send a 6-digit sign-up code to a mobile number (bot-checked)',
        security: [],
        body: residentSendCodeRequestSchema,
        response: { 200: codeSentSchema },
      },
      config: codeLimit,
    },
    (request) => sendResidentSignupCode(deps, request.body, requestMeta(request)),
  );

  r.post(
    '/api/residents/signup',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['residents'],
        summary: 'Create a resident account with the SMS code and a 6-digit PIN; signs in',
        security: [],
        body: residentSignupRequestSchema,
        response: { 201: loginSuccessSchema },
      },
      config: attemptLimit,
    },
    async (request, reply) => reply.code(201).send(await signUpResident(deps, request.body, requestMeta(request))),
  );

  r.post(
    '/api/residents/login',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['residents'],
        summary: 'Resident sign-in with mobile number and PIN',
        security: [],
        body: residentLoginRequestSchema,
        response: { 200: loginSuccessSchema },
      },
      config: attemptLimit,
    },
    (request) => loginResident(deps, request.body, requestMeta(request)),
  );

  r.post(
    '/api/residents/forgot-pin',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['residents'],
        summary: 'Send a reset-PIN link by SMS or email (same answer whether or not the account exists)',
        security: [],
        body: residentForgotPinRequestSchema,
        response: { 200: residentForgotPinResponseSchema },
      },
      config: codeLimit,
    },
    (request) => requestPinReset(deps, request.body),
  );

  r.post(
    '/api/residents/reset-pin/check',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['residents'],
        summary: 'Whether a reset-PIN link still works',
        security: [],
        body: z.object({ token: z.string().max(200) }),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
      config: attemptLimit,
    },
    (request) => checkPinResetToken(deps, request.body.token),
  );

  r.post(
    '/api/residents/reset-pin',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['residents'],
        summary: 'Set a new PIN with the link; every session of the account ends',
        security: [],
        body: residentResetPinRequestSchema,
        response: { 200: okSchema },
      },
      config: attemptLimit,
    },
    (request) => resetPin(deps, request.body),
  );

  r.get(
    '/api/residents/me/reports',
    {
      schema: { tags: ['residents'], summary: "The signed-in resident's reports, newest first", response: { 200: myReportListSchema } },
      onRequest: residentOnly,
    },
    (request) => listMyReports(deps, actorOf(request)),
  );

  r.put(
    '/api/residents/me/language',
    {
      schema: {
        tags: ['residents'],
        summary: 'Keep my language on my account (en or fil)',
        body: accountLanguageRequestSchema,
        response: { 200: accountLanguageResponseSchema },
      },
      onRequest: residentOnly,
    },
    (request) => setAccountLanguage(deps, actorOf(request), request.body.language),
  );

  r.get(
    '/api/residents/me/home',
    {
      schema: { tags: ['residents'], summary: 'My home purok and pin, where a text or missed call from my number is placed', response: { 200: residentHomeSchema } },
      onRequest: residentOnly,
    },
    (request) => getResidentHome(deps, actorOf(request)),
  );

  r.put(
    '/api/residents/me/home',
    {
      schema: {
        tags: ['residents'],
        summary: 'Set my home purok and pin (null clears them): texts and missed calls from my number become reports there',
        body: residentHomeRequestSchema,
        response: { 200: residentHomeSchema },
      },
      onRequest: residentOnly,
    },
    (request) => setResidentHome(deps, actorOf(request), request.body),
  );

  r.get(
    '/api/public/puroks',
    {
      onRequest: publicRoute,
      schema: { tags: ['residents'], summary: "The barangay's puroks (active patrol areas), for the sign-up form", security: [], response: { 200: publicPuroksSchema } },
    },
    () => listPuroks(deps),
  );

  // The staff account photo pipeline (re-encoded, metadata stripped), for residents.
  await uploadRoute(
    app,
    '/api/residents/me/photo',
    { maxBytes: SECURITY_LIMITS.photoMaxBytes },
    {
      schema: {
        tags: ['residents'],
        summary: 'Upload my profile photo (multipart, field "photo": JPEG, PNG or WebP up to 5 MB)',
        response: { 200: currentUserSchema },
      },
      onRequest: residentOnly,
    },
    async (request) => updateAccountPhoto(deps, actorOf(request), await readPhoto(request)),
  );
}
