import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  smsGatewayStatusSchema,
  smsInboxQuerySchema,
  smsInboxSchema,
  smsReplyRequestSchema,
  smsThreadParamsSchema,
  smsThreadSchema,
  smsThreadToIncidentRequestSchema,
  smsThreadToIncidentResponseSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { gatewayStatus } from './gateway.service.ts';
import { blockThreadNumber, dismissThread, listInbox, replyToThread, threadToIncident, unblockThreadNumber } from './inbox.service.ts';

/** The admins' triage inbox and the phone's health (docs/decisions/032-the-text-line.md). */
export async function textLineRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admins = requireAuth(deps, ADMINS);
  const tags = ['text line'];

  api.get(
    '/api/sms/inbox',
    {
      schema: { tags, summary: 'Text-line threads per number, newest first (admins)', querystring: smsInboxQuerySchema, response: { 200: smsInboxSchema } },
      onRequest: admins,
    },
    (request) => listInbox(deps, request.query),
  );

  api.post(
    '/api/sms/inbox/:id/incident',
    {
      schema: {
        tags,
        summary: 'Make a report of a thread at the pinned place; the sender is texted the ticket (admins)',
        params: smsThreadParamsSchema,
        body: smsThreadToIncidentRequestSchema,
        response: { 201: smsThreadToIncidentResponseSchema },
      },
      onRequest: admins,
    },
    async (request, reply) => reply.code(201).send(await threadToIncident(deps, actorOf(request), request.params.id, request.body)),
  );

  api.post(
    '/api/sms/inbox/:id/reply',
    {
      schema: { tags, summary: "Text the thread's number from the barangay phone (admins)", params: smsThreadParamsSchema, body: smsReplyRequestSchema, response: { 200: smsThreadSchema } },
      onRequest: admins,
    },
    (request) => replyToThread(deps, actorOf(request), request.params.id, request.body.text),
  );

  api.post(
    '/api/sms/inbox/:id/dismiss',
    { schema: { tags, summary: 'Close an open thread with nothing to do (admins)', params: smsThreadParamsSchema, response: { 200: smsThreadSchema } }, onRequest: admins },
    (request) => dismissThread(deps, actorOf(request), request.params.id),
  );

  api.post(
    '/api/sms/inbox/:id/block',
    { schema: { tags, summary: "Block the thread's number: its texts are dropped (admins)", params: smsThreadParamsSchema, response: { 200: smsThreadSchema } }, onRequest: admins },
    (request) => blockThreadNumber(deps, actorOf(request), request.params.id),
  );

  api.post(
    '/api/sms/inbox/:id/unblock',
    { schema: { tags, summary: "Unblock the thread's number; the thread opens again (admins)", params: smsThreadParamsSchema, response: { 200: smsThreadSchema } }, onRequest: admins },
    (request) => unblockThreadNumber(deps, actorOf(request), request.params.id),
  );

  api.get(
    '/api/sms/gateway',
    { schema: { tags, summary: "The barangay phone's health: senders, webhooks and last contact (admins)", response: { 200: smsGatewayStatusSchema } }, onRequest: admins },
    () => gatewayStatus(deps),
  );
}
