import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reverseGeocodeQuerySchema, reverseGeocodeResultSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { publicRoute } from '../../http/auth-guard.ts';
import { perIpLimit } from '../../http/public-guards.ts';
import { reverseGeocode } from './geocode.service.ts';

/** Reverse geocoding for the report wizard: public, limited per address. */
export async function geocodeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/geocode/reverse',
    {
      onRequest: publicRoute,
      schema: {
        tags: ['geocode'],
        summary: 'A readable place for a point (public): the area, a known landmark, and a line for the address field',
        security: [],
        querystring: reverseGeocodeQuerySchema,
        response: { 200: reverseGeocodeResultSchema },
      },
      config: perIpLimit(deps.config.publicLimits.geocodesPerIpPer15Min, 15 * 60_000, msg`Too many place look-ups. Type the address, or try again in a few minutes.`),
    },
    (request) => reverseGeocode(deps, request.query),
  );
}
