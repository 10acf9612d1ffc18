import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

const serialized = new WeakMap<object, string>();

/**
 * Sends an answer that many requests share (a cached read, lib/read-cache.ts) as JSON worked out
 * once per shared object (`key`: the answer itself, or the cached part it wraps), instead of once
 * per request. It is checked against the route's response schema as Fastify's zod serializer
 * would, and Fastify sends a string with a JSON content type as is.
 */
export function sendSerializedOnce<S extends z.ZodType>(
  reply: FastifyReply,
  schema: S,
  value: z.output<S>,
  key: object = value as object,
): FastifyReply {
  let json = serialized.get(key);
  if (json === undefined) {
    json = JSON.stringify(schema.parse(value));
    serialized.set(key, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
