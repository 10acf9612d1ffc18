import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  amendBlotterEntrySchema,
  amendPartyPhoneSchema,
  blotterConfidentialSchema,
  blotterDraftQuerySchema,
  blotterDraftSchema,
  blotterEntrySchema,
  blotterIdParamsSchema,
  blotterListQuerySchema,
  blotterListResponseSchema,
  copyDecisionSchema,
  copyRequestListQuerySchema,
  copyRequestListResponseSchema,
  copyRequestSchema,
  createBlotterEntrySchema,
  hearingListQuerySchema,
  hearingListResponseSchema,
  hearingOutcomeSchema,
  myBlotterEntriesSchema,
  scheduleHearingSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { certifiedCopyPdf } from './blotter-copy.service.ts';
import { amendPartyPhone } from './blotter-phones.service.ts';
import { decideCopy, listCopyRequestsByStatus, listHearings, listMyEntries, recordOutcome, requestCopy, scheduleHearing } from './blotter-mediation.service.ts';
import { amendEntry, draftFromIncident, getEntry, listBlotter, markConfidential, recordEntry } from './blotter.service.ts';

/** The barangay blotter (docs/decisions/026-the-blotter.md). There is no route that deletes. */
export async function blotterRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['blotter'];
  const admins = requireAuth(deps, ADMINS);
  const idParams = z.object({ id: z.uuid('Not an id') });

  r.post(
    '/api/blotter',
    {
      schema: {
        tags,
        summary: "Record a blotter entry (admin): it gets the year's next number, 2026-0001, 2026-0002, … without gaps or repeats",
        description: 'The year is the calendar year in the barangay time zone when it is recorded. Phones are kept in E.164 (400 when not a real number).',
        body: createBlotterEntrySchema,
        response: { 201: blotterEntrySchema },
      },
      onRequest: admins,
    },
    async (request, reply) => reply.code(201).send(await recordEntry(deps, actorOf(request), request.body)),
  );

  r.get(
    '/api/blotter',
    {
      schema: {
        tags,
        summary: 'The blotter, newest first: search by number, party name or place; filter by occurrence day and status (staff)',
        description: 'Admins list every entry; a tanod the entries of incidents they handled. A confidential entry lists no party names or place.',
        querystring: blotterListQuerySchema,
        response: { 200: blotterListResponseSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => listBlotter(deps, actorOf(request), request.query),
  );

  r.get(
    '/api/blotter/draft',
    {
      schema: {
        tags,
        summary: '"Record in blotter": an entry prefilled from an incident, its timeline and its resolution log (admin)',
        querystring: blotterDraftQuerySchema,
        response: { 200: blotterDraftSchema },
      },
      onRequest: admins,
    },
    async (request) => draftFromIncident(deps, actorOf(request), request.query.incidentId),
  );

  r.get(
    '/api/blotter/hearings',
    {
      schema: { tags, summary: 'Lupon hearings scheduled between two days, for the calendar (admin)', querystring: hearingListQuerySchema, response: { 200: hearingListResponseSchema } },
      onRequest: admins,
    },
    async (request) => listHearings(deps, request.query),
  );

  r.get(
    '/api/blotter/mine',
    {
      schema: {
        tags,
        summary: "The entries naming the signed-in resident's phone among the parties, with their copy requests (resident)",
        response: { 200: myBlotterEntriesSchema },
      },
      onRequest: requireAuth(deps, ['resident']),
    },
    async (request) => listMyEntries(deps, actorOf(request)),
  );

  r.get(
    '/api/blotter/copy-requests',
    {
      schema: { tags, summary: 'Requests for certified copies, by status (admin)', querystring: copyRequestListQuerySchema, response: { 200: copyRequestListResponseSchema } },
      onRequest: admins,
    },
    async (request) => listCopyRequestsByStatus(deps, request.query.status),
  );

  r.post(
    '/api/blotter/copy-requests/:id/decision',
    {
      schema: {
        tags,
        summary: 'Approve or refuse a request for a certified copy (admin; a refusal says why); the resident is texted',
        params: idParams,
        body: copyDecisionSchema,
        response: { 200: copyRequestSchema },
      },
      onRequest: admins,
    },
    async (request) => decideCopy(deps, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/blotter/hearings/:id/outcome',
    {
      schema: {
        tags,
        summary: 'The outcome of a Lupon hearing (admin): settled with the terms, no show, or a certificate to file action',
        description: 'Once per hearing (409 after). Settled amends the entry to settled; a certificate to file action closes it.',
        params: idParams,
        body: hearingOutcomeSchema,
        response: { 200: blotterEntrySchema },
      },
      onRequest: admins,
    },
    async (request) => recordOutcome(deps, actorOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/blotter/:id',
    {
      schema: {
        tags,
        summary: 'One entry: current values, the original, every amendment, hearings and (admins) copy requests (staff)',
        description: 'Others answer 404, as an unknown id does. Every view of a confidential entry is written to the audit log.',
        params: blotterIdParamsSchema,
        response: { 200: blotterEntrySchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => getEntry(deps, actorOf(request), request.params.id),
  );

  r.post(
    '/api/blotter/:id/amendments',
    {
      schema: {
        tags,
        summary: 'Amend an entry (admin): the reason and the changed fields; a status change is an amendment too',
        description: '422 when nothing would change. The original and every earlier amendment stay.',
        params: blotterIdParamsSchema,
        body: amendBlotterEntrySchema,
        response: { 201: blotterEntrySchema },
      },
      onRequest: admins,
    },
    async (request, reply) => reply.code(201).send(await amendEntry(deps, actorOf(request), request.params.id, request.body)),
  );

  r.post(
    '/api/blotter/:id/party-phones',
    {
      schema: {
        tags,
        summary: "Correct or remove a party's phone (admin, audited): a mistyped or recycled number stops seeing the entry",
        description:
          'Every party with `phone` gets `replacement` (null removes it), as an amendment with the reason; `phone` leaves the numbers that see the entry ' +
          "in a resident's list and may ask for its copy, and that number's requests still waiting are closed. A former party's phone is withdrawn the same way. " +
          '422 when the number is not on the entry or the replacement is the same.',
        params: blotterIdParamsSchema,
        body: amendPartyPhoneSchema,
        response: { 200: blotterEntrySchema },
      },
      onRequest: admins,
    },
    async (request) => amendPartyPhone(deps, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/blotter/:id/confidential',
    {
      schema: {
        tags,
        summary: 'Mark an entry confidential or not (admin, audited): then only admins and the linked incident’s responder see it',
        params: blotterIdParamsSchema,
        body: blotterConfidentialSchema,
        response: { 200: blotterEntrySchema },
      },
      onRequest: admins,
    },
    async (request) => markConfidential(deps, actorOf(request), request.params.id, request.body.confidential),
  );

  r.post(
    '/api/blotter/:id/hearings',
    {
      schema: {
        tags,
        summary: 'Schedule a Lupon mediation hearing (admin; the entry must be referred to the Lupon, else 409); parties with a phone are texted',
        params: blotterIdParamsSchema,
        body: scheduleHearingSchema,
        response: { 201: blotterEntrySchema },
      },
      onRequest: admins,
    },
    async (request, reply) => reply.code(201).send(await scheduleHearing(deps, actorOf(request), request.params.id, request.body)),
  );

  r.post(
    '/api/blotter/:id/copy-requests',
    {
      schema: {
        tags,
        summary: 'A resident who is a party asks for a certified copy (201 new; 200 with the one already pending or approved)',
        params: blotterIdParamsSchema,
        response: { 200: copyRequestSchema, 201: copyRequestSchema },
      },
      onRequest: requireAuth(deps, ['resident']),
    },
    async (request, reply) => {
      const { created, request: copy } = await requestCopy(deps, actorOf(request), request.params.id);
      return reply.code(created ? 201 : 200).send(copy);
    },
  );

  r.get(
    '/api/blotter/:id/certified.pdf',
    {
      schema: {
        tags,
        summary: 'The certified true copy as a PDF: admins any entry, a resident the copy approved for them (audited)',
        params: blotterIdParamsSchema,
        produces: ['application/pdf'],
      },
      onRequest: requireAuth(deps, [...ADMINS, 'resident']),
      compress: false,
    },
    async (request, reply) => {
      const file = await certifiedCopyPdf(deps, actorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
}
