import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assignIncidentRequestSchema,
  closeIncidentRequestSchema,
  incidentConfidentialRequestSchema,
  incidentDetailSchema,
  incidentIdParamsSchema,
  incidentNoteRequestSchema,
  resolveIncidentRequestSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import {
  addIncidentNote,
  assignIncident,
  closeIncident,
  resolveIncident,
  respondToIncident,
  setConfidential,
} from './incident-handling.service.ts';

/**
 * The steps of incident handling for staff: respond, assign, resolve, reject, false alarm,
 * confidential, notes. Staff only; role and ownership rules live in the service (a tanod cannot
 * reject, nor resolve another's). The list and the detail are modules/incidents/staff-incidents.routes.ts.
 */
export async function incidentHandlingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = requireAuth(deps, STAFF);
  // API keys with incidents:write resolve incidents and add notes, as the supadmin who made them.
  const staffOrWriteKey = requireAuth(deps, STAFF, { keyScope: 'incidents:write' });
  const tags = ['incidents'];
  const conflicts =
    '409 `already_taken` (another tanod claimed it; `error.details.takenBy`), `has_active_incident` ' +
    '(`error.details.incident`), or `CONFLICT` when the step does not fit the current status (`error.details.status`).';

  r.post(
    '/api/incidents/:id/respond',
    {
      schema: {
        tags,
        summary: 'A tanod claims a pending incident (atomic: of simultaneous claims exactly one wins)',
        description: conflicts,
        params: incidentIdParamsSchema,
        response: { 200: incidentDetailSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => respondToIncident(deps, actorOf(request), request.params.id),
  );

  r.post(
    '/api/incidents/:id/assign',
    {
      schema: {
        tags,
        summary: 'An admin assigns (or reassigns) an open incident to a tanod, who is notified',
        description: conflicts,
        params: incidentIdParamsSchema,
        body: assignIncidentRequestSchema,
        response: { 200: incidentDetailSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => assignIncident(deps, actorOf(request), request.params.id, request.body.tanodId),
  );

  r.post(
    '/api/incidents/:id/resolve',
    {
      schema: {
        tags,
        summary: 'The responder or an admin resolves an in-progress incident with the resolution log',
        description: conflicts,
        params: incidentIdParamsSchema,
        body: resolveIncidentRequestSchema,
        response: { 200: incidentDetailSchema },
      },
      onRequest: staffOrWriteKey,
    },
    async (request) => resolveIncident(deps, actorOf(request), request.params.id, request.body.log),
  );

  for (const [path, status, summary] of [
    ['reject', 'rejected', 'An admin rejects an open incident with a reason (the record stays)'],
    ['false-alarm', 'false_alarm', 'An admin marks an open incident a false alarm with a reason (the record stays)'],
  ] as const) {
    r.post(
      `/api/incidents/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          description: conflicts,
          params: incidentIdParamsSchema,
          body: closeIncidentRequestSchema,
          response: { 200: incidentDetailSchema },
        },
        onRequest: staffOnly,
      },
      async (request) => closeIncident(deps, actorOf(request), request.params.id, status, request.body.reason),
    );
  }

  r.post(
    '/api/incidents/:id/confidential',
    {
      schema: {
        tags,
        summary: 'An admin marks an incident confidential, or lifts it (audited)',
        description:
          'A confidential incident is seen only by admins and its responder: other tanods get 404 on its routes and never ' +
          'find it in a list; it stays out of the heat map, the CSV export and performance details, and the public ticket ' +
          'shows only its status (docs/decisions/027-confidential-cases.md).',
        params: incidentIdParamsSchema,
        body: incidentConfidentialRequestSchema,
        response: { 200: incidentDetailSchema },
      },
      onRequest: requireAuth(deps, ADMINS),
    },
    async (request) => setConfidential(deps, actorOf(request), request.params.id, request.body.confidential),
  );

  r.post(
    '/api/incidents/:id/notes',
    {
      schema: {
        tags,
        summary: 'Adds a staff-private note to the timeline (never shown on the public ticket)',
        params: incidentIdParamsSchema,
        body: incidentNoteRequestSchema,
        response: { 200: incidentDetailSchema },
      },
      onRequest: staffOrWriteKey,
    },
    async (request) => addIncidentNote(deps, actorOf(request), request.params.id, request.body.text),
  );
}
