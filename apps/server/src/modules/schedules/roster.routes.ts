import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rosterQuerySchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { generateRoster } from './roster.service.ts';

/** The printable duty roster (docs/decisions/019-incident-evidence-and-printouts.md). */
export async function rosterRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const format of ['pdf', 'csv'] as const) {
    r.get(
      `/api/schedules/roster.${format}`,
      {
        schema: {
          tags: ['schedules'],
          summary: `The duty roster of up to 31 days as ${format === 'pdf' ? 'a printable PDF' : 'CSV'} (admins everyone's; a tanod their own)`,
          description:
            'The shifts starting on the days `from` to `to` (both included, in the barangay\'s time zone) with area, hours, ' +
            'team leader and members. Admins may narrow it to `areaId` or `tanodId`; a tanod gets their own shifts, and ' +
            "another tanod's id answers 403.",
          querystring: rosterQuerySchema,
          produces: [format === 'pdf' ? 'application/pdf' : 'text/csv'],
        },
        onRequest: requireAuth(deps, STAFF),
        // Sent whole with its Content-Length, so the browser can show the download's progress.
        compress: false,
      },
      async (request, reply) => {
        const file = await generateRoster(deps, actorOf(request), request.query, format);
        return reply
          .type(file.contentType)
          .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(file.body);
      },
    );
  }
}
