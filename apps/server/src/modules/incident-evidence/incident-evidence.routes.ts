import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EVIDENCE_LIMITS, incidentDetailSchema, incidentIdParamsSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { readParts, uploadRoute } from '../../http/photo-upload.ts';
import { attachEvidence, checkEvidenceAccess, type EvidenceUpload } from './incident-evidence.service.ts';
import { incidentReportPdf } from './incident-report.service.ts';

/** Photos from the scene and the printable incident report (docs/decisions/019-incident-evidence-and-printouts.md). */
export async function incidentEvidenceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const tags = ['incidents'];

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/incidents/:id/report.pdf',
    {
      schema: {
        tags,
        summary: 'The incident as a printable PDF: facts, responder, timeline, notes, resolution and photos (staff)',
        description:
          'Whoever may open the incident may print it (admins any; a tanod pending ones and those they handled; ' +
          'others answer 404). Every download is recorded in the audit log.',
        params: incidentIdParamsSchema,
        produces: ['application/pdf'],
      },
      onRequest: requireAuth(deps, STAFF),
      // Sent whole with its Content-Length, so the browser can show the download's progress.
      compress: false,
    },
    async (request, reply) => {
      const file = await incidentReportPdf(deps, actorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );

  await uploadRoute(
    app,
    '/api/incidents/:id/evidence',
    // One file more than allowed, so the service can refuse a sixth photo by name; a seventh is 413 here.
    { maxBytes: EVIDENCE_LIMITS.photoMaxBytes, maxFiles: EVIDENCE_LIMITS.photosPerUpload + 1, fields: 2, fieldSize: 8_000 },
    {
      schema: {
        tags,
        summary: "Attach photos from the scene to the incident's staff notes or its resolution log (the responder or an admin)",
        description:
          'multipart/form-data: `purpose` (`note` or `resolution`), for a note an optional `text`, and 1 to 5 files under ' +
          '`photos` (JPEG, PNG or WebP by their content, 5 MB each). The notes of an incident carry at most 5 photos in all and ' +
          'its resolution log at most 5; past that 413. The resolution log takes photos while in progress or resolved (else 409). ' +
          'Staff only, never on the public ticket.',
        params: incidentIdParamsSchema,
        response: { 201: incidentDetailSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Refuse someone else's incident before reading megabytes of photos.
      await checkEvidenceAccess(deps, actor, request.params.id);
      // Throws FST_REQ_FILE_TOO_LARGE (413) past 5 MB and FST_FILES_LIMIT (413) past 6 files.
      const upload: EvidenceUpload = await readParts(request);
      return reply.code(201).send(await attachEvidence(deps, actor, request.params.id, upload));
    },
  );
}
