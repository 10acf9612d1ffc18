import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once at start and set on every answer in one call.
 *
 * @fastify/helmet builds a new helmet middleware on every request (parsing the CSP directives
 * each time) and adds an async hook for its reply decorators; this app's headers never vary per
 * request (no nonces, no per-route settings), so that work bought nothing. The headers
 * are helmet's own: its middleware is run once against a response that records them.
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  // Helmet's middleware is synchronous; a version that is not would leave headers unrecorded.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}

/** Sets the headers on every answer, before any route runs (so errors and 404s carry them too). */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
