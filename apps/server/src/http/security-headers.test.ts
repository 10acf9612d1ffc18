import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.ts';

/** The headers helmet's own middleware sets on a real answer, as a plain Node server uses it. */
async function headersFromHelmet(options: HelmetOptions): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = http.createServer((request, response) => middleware(request, response, () => response.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = value;
    }
    return headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers worked out once', () => {
  it.each<[string, HelmetOptions]>([
    ['the defaults', {}],
    [
      "this app's kind of settings",
      {
        contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'self'"], 'img-src': ["'self'", 'data:', 'https://*.tile.example.org'] } },
        crossOriginOpenerPolicy: { policy: 'same-origin' },
        crossOriginEmbedderPolicy: false,
      },
    ],
  ])('are exactly what helmet sets on an answer, with %s', async (_name, options) => {
    expect({ ...helmetHeaders(options) }).toEqual(await headersFromHelmet(options));
  });

  it('refuse settings helmet refuses, at start rather than on a request', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { 'default-src': ['self'] } } })).toThrow(/self/);
  });
});
