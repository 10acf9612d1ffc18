import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { msg } from '@lingui/core/macro';
import { idParamsSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { publicRoute } from '../../http/auth-guard.ts';
import { notFound } from '../../lib/app-error.ts';
import { capAdvisories, capAdvisory } from '../advisories/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { capAlertDocument, capAtomIndex, type CapBarangay } from './cap-out.ts';

/** Aggregators poll every few minutes; a minute's copy in a cache is soon enough for a warning. */
const MAX_AGE_S = 60;
const RATE_LIMIT = { rateLimit: { max: 120, timeWindow: 60_000 } };

async function barangayOf(deps: AppDeps): Promise<CapBarangay> {
  const settings = await getPublicSettings(deps);
  return { name: settings.name, psgcCode: settings.psgcCode ?? null, boundary: settings.boundary, timeZone: settings.timezone };
}

/**
 * The CAP feed out (docs/decisions/034-the-integration-kit.md, "CAP out"): an Atom index of the
 * published advisories in force (and those withdrawn in the last day, as Cancel), each entry
 * linking to its CAP 1.2 alert. Public, like the advisories themselves (decision 028).
 */
export async function capOutRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const index = async () => {
    const [advisories, barangay] = await Promise.all([capAdvisories(deps), barangayOf(deps)]);
    return capAtomIndex(advisories, barangay, { publicUrl: deps.config.publicUrl }, deps.clock.now());
  };
  for (const url of ['/api/public/advisories.atom', '/api/public/advisories.cap']) {
    r.get(
      url,
      {
        schema: {
          tags: ['advisories'],
          summary:
            url.endsWith('.atom')
              ? 'The advisories in force as an Atom index of CAP 1.2 alerts, each entry linking to its alert (no sign-in)'
              : 'The same Atom index of CAP 1.2 alerts, at the address CAP readers are given (no sign-in)',
          security: [],
          produces: ['application/atom+xml'],
        },
        config: RATE_LIMIT,
        onRequest: publicRoute,
      },
      async (_request, reply) =>
        reply.type('application/atom+xml; charset=utf-8').header('Cache-Control', `public, max-age=${MAX_AGE_S}`).send(await index()),
    );
  }

  r.get(
    '/api/public/advisories/:id.cap',
    {
      schema: {
        tags: ['advisories'],
        summary: 'One advisory in force (or withdrawn in the last day) as a CAP 1.2 alert (no sign-in)',
        security: [],
        params: idParamsSchema,
        produces: ['application/cap+xml'],
      },
      config: RATE_LIMIT,
      onRequest: publicRoute,
    },
    async (request, reply) => {
      const [advisory, barangay] = await Promise.all([capAdvisory(deps, request.params.id), barangayOf(deps)]);
      if (!advisory) throw notFound(msg`Advisory not found`);
      const xml = capAlertDocument(advisory, barangay, { publicUrl: deps.config.publicUrl });
      return reply.type('application/cap+xml; charset=utf-8').header('Cache-Control', `public, max-age=${MAX_AGE_S}`).send(xml);
    },
  );
}
