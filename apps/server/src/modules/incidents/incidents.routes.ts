import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INCIDENT_LIMITS, createIncidentRequestSchema, createIncidentResponseSchema, publicTicketSchema, uploadedPhotosSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { STAFF, actorOf, optionalActor, publicRoute, requestMeta, requireAuth } from '../../http/auth-guard.ts';
import { notFound } from '../../lib/app-error.ts';
import { lookUpTicket, reportIncident, uploadIncidentPhotos } from './incidents.service.ts';
import { checkPhotoAccess } from './staff-incidents.service.ts';
import { incidentPhotoKey } from '../files/index.ts';
import { deviceIdOf, perIpLimit, underReportCeiling } from '../../http/public-guards.ts';
import { readFiles, uploadRoute } from '../../http/photo-upload.ts';

const HOUR = 3_600_000;
const FIFTEEN_MINUTES = 15 * 60_000;

export async function incidentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = deps.config.publicLimits;

  r.post(
    '/api/public/incidents',
    {
      onRequest: [
        publicRoute,
        underReportCeiling(msg`This network has sent more reports this hour than Bantay takes from one address. Please call the hotline.`),
      ],
      schema: {
        tags: ['incidents'],
        summary: 'Report an incident or an emergency (no sign-in; a resident bearer token links the report)',
        description:
          'Answers 201 with the ticket only after the report and the staff notifications are stored. ' +
          'Send the browser device id as `deviceId` (or the `X-Device-Id` header) for the per-device limit. ' +
          'Past the hourly limit of its network address, an emergency from a device with no report this hour is still taken, as part of a burst.',
        security: [],
        body: createIncidentRequestSchema,
        response: { 201: createIncidentResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = await optionalActor(deps, request);
      const result = await reportIncident(deps, request.body, {
        actor,
        deviceId: deviceIdOf(request, request.body.deviceId),
        meta: requestMeta(request),
        // The ordinary hourly limit of an address (app.ts, shared with the pages without JavaScript
        // whose script solved the bot check): the service refuses past it, except an emergency of
        // a burst (docs/decisions/031-emergency-bursts.md); the report ceiling is the hard one.
        countAddress: () => app.reportsFromAddress(request),
      });
      return reply.code(201).send(result);
    },
  );

  r.get(
    '/api/public/tickets/:ticket',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['incidents'],
        summary: 'Track a report by its ticket (case and spaces do not matter)',
        security: [],
        params: z.object({ ticket: z.string().max(64) }),
        response: { 200: publicTicketSchema },
      },
      config: perIpLimit(limits.ticketLookupsPerIpPer15Min, FIFTEEN_MINUTES, msg`Too many ticket lookups from this device. Please try again later.`),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return lookUpTicket(deps, request.params.ticket);
    },
  );

  r.get(
    '/api/incidents/photos/:id',
    {
      schema: {
        tags: ['incidents'],
        summary: "A report's photo (staff only)",
        params: z.object({ id: z.uuid() }),
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request, reply) => {
      const { confidential } = await checkPhotoAccess(deps, actorOf(request), request.params.id);
      const file = await deps.files.get(incidentPhotoKey(request.params.id));
      if (!file) throw notFound(msg`Photo not found`);
      return reply
        .type(file.contentType)
        .header('Content-Length', String(file.data.length))
        .header('Cache-Control', confidential ? 'no-store' : 'private, max-age=86400')
        .send(file.data);
    },
  );

  await uploadRoute(
    app,
    '/api/public/photos',
    { maxBytes: INCIDENT_LIMITS.photoMaxBytes, maxFiles: INCIDENT_LIMITS.photosMax },
    {
      onRequest: publicRoute,
      schema: {
        tags: ['incidents'],
        summary: 'Upload up to 3 photos for a report (multipart, field "photos": JPEG, PNG or WebP, 5 MB each)',
        description: 'Pass the returned ids as `photoIds` of the report within 1 hour.',
        security: [],
        response: { 201: uploadedPhotosSchema },
      },
      config: perIpLimit(limits.photoUploadsPerIpPerHour, HOUR, msg`Too many photo uploads from this network. Please try again later.`),
    },
    // Throws FST_REQ_FILE_TOO_LARGE (413) past 5 MB and FST_FILES_LIMIT (413) past 3 files.
    async (request, reply) => reply.code(201).send(await uploadIncidentPhotos(deps, await readFiles(request))),
  );
}
