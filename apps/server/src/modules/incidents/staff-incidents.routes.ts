import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GEOJSON_CONTENT_TYPE,
  geoJsonFeatureCollectionSchema,
  incidentDetailSchema,
  incidentIdParamsSchema,
  incidentListQuerySchema,
  incidentListResponseSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { exportIncidentsCsv, exportIncidentsGeoJson, listIncidents, viewIncident } from './staff-incidents.service.ts';

/**
 * The staff's view of incidents: the list, its CSV export and the detail. Staff only; who sees
 * what is the service's rule (incidents.policy.ts). The steps that change an incident are
 * modules/incident-handling's.
 */
export async function staffIncidentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // API keys with incidents:read read the list, the CSV and the detail, confidential cases left out.
  const staffOrReadKey = requireAuth(deps, STAFF, { keyScope: 'incidents:read' });
  const tags = ['incidents'];

  r.get(
    '/api/incidents',
    {
      schema: {
        tags,
        summary: 'Incidents for staff: filters, text search, distance and cursor paging',
        description: 'Admins see all; a tanod sees pending ones and those they responded to or were assigned.',
        querystring: incidentListQuerySchema,
        response: { 200: incidentListResponseSchema },
      },
      onRequest: staffOrReadKey,
    },
    async (request) => listIncidents(deps, actorOf(request), request.query),
  );

  r.get(
    '/api/incidents/export.csv',
    {
      schema: {
        tags,
        summary: 'The incidents matching the list filters as CSV (admin; UTF-8 with BOM, at most 10,000 rows)',
        querystring: incidentListQuerySchema,
        produces: ['text/csv'],
      },
      onRequest: requireAuth(deps, ADMINS, { keyScope: 'incidents:read' }),
    },
    async (request, reply) => {
      const { csv, filename } = await exportIncidentsCsv(deps, actorOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  r.get(
    '/api/incidents.geojson',
    {
      schema: {
        tags,
        summary: 'The incidents matching the list filters as GeoJSON Points, for QGIS and city maps (staff; at most 10,000)',
        description:
          'Each feature has the ticket, type, classification, status, the reported, occurred, responded and resolved times, and the address. Never a confidential case, the description, or the reporter\'s name or number. A tanod gets what their list shows.',
        querystring: incidentListQuerySchema,
        response: { 200: geoJsonFeatureCollectionSchema },
        produces: ['application/geo+json'],
      },
      onRequest: staffOrReadKey,
    },
    async (request, reply) => {
      const collection = await exportIncidentsGeoJson(deps, actorOf(request), request.query);
      return reply.type(GEOJSON_CONTENT_TYPE).header('Cache-Control', 'no-store').send(collection);
    },
  );

  r.get(
    '/api/incidents/:id',
    {
      schema: {
        tags,
        summary: 'One incident with photos, reporter, responder, possible duplicate and the timeline',
        description: 'A confidential incident answers 404 to tanods other than its responder, and every view of it is audited (`view`).',
        params: incidentIdParamsSchema,
        response: { 200: incidentDetailSchema },
      },
      onRequest: staffOrReadKey,
    },
    async (request) => viewIncident(deps, actorOf(request), request.params.id),
  );
}
