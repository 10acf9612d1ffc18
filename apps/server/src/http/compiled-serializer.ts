import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];
type ZodRoute = Parameters<typeof zodSerializerCompiler>[0];

/**
 * A response serializer for the hot reads (`/api/auth/me`, `/api/notifications`,
 * `/api/messages/conversations`): the route's zod response schema turned once, at start, into its
 * JSON Schema and compiled by fast-json-stringify, instead of the app-wide zod serializer that
 * validates (and copies) every answer before `JSON.stringify`. The contract stays the zod schema
 * (the OpenAPI document is generated from it as before): only the schema's properties are written
 * (`additionalProperties: false`, so a presenter that returned an extra field would not leak it),
 * and an answer that lacks a required field still fails with a 500 rather than going out short.
 * What it does not do is refine values at run time (a presenter typed against the schema produces
 * them). A schema the JSON Schema form cannot express falls back to the zod serializer.
 */
export const compiledSerializerCompiler: SerializerCompiler = (route) => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route as ZodRoute);
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return zodSerializerCompiler(route as ZodRoute);
  }
  return fastJson(simplifyNullables(json) as Parameters<typeof fastJson>[0]);
};

/**
 * `anyOf: [{ type: 'string' }, { type: 'null' }]` (zod's `.nullable()` on a scalar or an object) becomes
 * `type: ['string', 'null']`: fast-json-stringify then writes it directly instead of checking each
 * branch against the value with a validator on every answer.
 */
export function simplifyNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullables);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) out[key] = simplifyNullables(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nonNull = anyOf.find((branch: JsonSchema) => branch.type !== 'null') as JsonSchema | undefined;
    const hasNull = anyOf.some((branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1);
    const simple = nonNull && ['string', 'number', 'integer', 'boolean', 'object'].includes(nonNull.type as string);
    if (hasNull && nonNull && simple) {
      const { anyOf: _anyOf, ...rest } = out;
      const { enum: values, ...branch } = nonNull;
      return {
        ...rest,
        ...branch,
        type: [nonNull.type, 'null'],
        ...(values ? { enum: [...(values as unknown[]), null] } : {}),
      };
    }
  }
  return out;
}
