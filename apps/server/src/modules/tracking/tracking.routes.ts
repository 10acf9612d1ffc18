import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { livePositionListSchema, trackingStateSchema, trackingSwitchRequestSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { ADMINS, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { getTrackingState, listLive, switchTracking } from './tracking.service.ts';

export async function trackingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/tracking/live',
    {
      schema: { tags: ['tracking'], summary: 'The latest point of every tanod being tracked, for the live map (admin)', response: { 200: livePositionListSchema } },
      onRequest: requireAuth(deps, ADMINS, { keyScope: 'tracking:read' }),
    },
    () => listLive(deps),
  );

  r.get(
    '/api/tracking/me',
    { schema: { tags: ['tracking'], summary: 'Whether my position is being tracked (tanod)', response: { 200: trackingStateSchema } }, onRequest: requireAuth(deps, ['tanod']) },
    (request) => getTrackingState(deps, actorOf(request)),
  );

  r.put(
    '/api/tracking/me',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Turn my tracking on or off outside a patrol (tanod, on duty)',
        description: 'Turning it on off duty is 422 `not_on_duty`.',
        body: trackingSwitchRequestSchema,
        response: { 200: trackingStateSchema },
      },
      onRequest: requireAuth(deps, ['tanod']),
    },
    (request) => switchTracking(deps, actorOf(request), request.body.isTracking),
  );
}
