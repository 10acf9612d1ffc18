import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declaredAccess } from './auth-guard.ts';

/**
 * The OpenAPI document's two ways to call the API (docs/decisions/034-the-integration-kit.md): a
 * session's token, and an API key (`bty_…`) on the routes that name a scope.
 */
export const SECURITY_SCHEMES = {
  session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token a sign-in answers.' },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'bty_…',
    description: 'An API key a supadmin made, sent as `Authorization: Bearer bty_…`. It calls only the routes that name one of its scopes.',
  },
} as const;

/**
 * The zod transform, plus each route's security: a route an API key may call lists both schemes
 * and names the scope in its description; every other route only the session.
 */
export const transformWithKeyScopes: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const access = declaredAccess(input.route.onRequest);
  if (access?.kind !== 'signed-in') return transformed;
  if (!access.keyScope) return { ...transformed, schema: { ...transformed.schema, security: [{ session: [] }] } };
  const schema = transformed.schema as { description?: string };
  const note = `API keys with the scope \`${access.keyScope}\` may call it.`;
  return {
    ...transformed,
    schema: { ...transformed.schema, description: schema.description ? `${schema.description}\n\n${note}` : note, security: [{ session: [] }, { apiKey: [] }] },
  };
};
