import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg } from '@lingui/core/macro';
import type { ApiErrorBody, ErrorCode } from '@bantay/shared';
import { AppError, type AppFieldError } from '../lib/app-error.ts';
import { translate, type Locale, type Text } from '../lib/i18n.ts';
import { resolveRequestLocale } from './request-locale.ts';

/**
 * The API's error body, its texts in the request's language (decision 029; the code stays
 * English). Logs keep the English: `error.message` of an AppError.
 */
function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: Text,
  fields?: AppFieldError[],
  details?: Record<string, unknown>,
) {
  const locale: Locale = reply.request.locale;
  const body: ApiErrorBody = {
    error: {
      code,
      message: translate(message, locale),
      ...(fields ? { fields: fields.map((field) => ({ field: field.field, message: translate(field.message, locale) })) } : {}),
      ...(details ? { details } : {}),
    },
  };
  return reply.status(status).send(body);
}

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  return context === 'body' ? 'body' : (context ?? 'request');
}

/** Fastify's own client errors, by code, in our vocabulary. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: Text }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'VALIDATION_FAILED', message: msg`The request body is not valid JSON` },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'VALIDATION_FAILED', message: msg`The request body is empty` },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: msg`The request body is too large` },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: msg`Unsupported content type` },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: msg`The uploaded file is too large` },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: msg`Too many files` },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: msg`Expected a multipart upload` },
};

/**
 * The router's own refusals, which never reach the error handler: a path that is not valid
 * percent-encoding (FST_ERR_BAD_URL) and a path parameter past maxParamLength
 * (FST_ERR_MAX_PARAM_LENGTH, which Fastify answers 414). Given to Fastify as `frameworkErrors`, so
 * they too answer in the API's error shape.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Refused before the request's hooks ran: its language is worked out here.
  request.locale = resolveRequestLocale(request);
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? msg`A value in the address is too long` : msg`The address is not valid`;
  void send(reply, 400, 'VALIDATION_FAILED', message);
}

const MALFORMED_MULTIPART = new Set(['Multipart: Boundary not found', 'Unexpected end of multipart data', 'Unexpected end of form', 'Malformed part header']);

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // An outside service failed (SMS gateway, mail server): the operator needs its own words.
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.options.retryAfterSeconds) reply.header('Retry-After', String(error.options.retryAfterSeconds));
      return send(reply, error.status, error.code, error.text, error.options.fields, error.options.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // zod wrote each issue's message in the request's language as it validated (its checks
      // run inside the request's language, http/request-locale.ts).
      const fields = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath, error.validationContext),
        message: issue.message ?? translate(msg`is invalid`, request.locale),
      }));
      const first = fields[0]!;
      return send(reply, 400, 'VALIDATION_FAILED', `${first.field}: ${first.message}`, fields);
    }
    // The multipart parser's (busboy's) own errors carry no code or status: a body without its
    // boundary, or one that ends before its closing boundary, is the client's, not ours.
    if (MALFORMED_MULTIPART.has(error.message)) return send(reply, 400, 'VALIDATION_FAILED', msg`The upload is not a complete multipart body`);
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, error.statusCode ?? 400, known.code, known.message);
    if (error.statusCode === 429) return send(reply, 429, 'RATE_LIMITED', msg`Too many requests. Please try again later.`);
    if (error.statusCode && error.statusCode < 500) {
      return send(reply, error.statusCode, 'VALIDATION_FAILED', error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'INTERNAL', msg`Something went wrong on our side. Please try again.`);
  });
}
