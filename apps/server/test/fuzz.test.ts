import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import type { UserType } from '@bantay/shared';
import { unstorableTextAt } from '../src/http/input-guards.ts';
import { routesOf, type RegisteredRoute } from '../src/http/route-table.ts';
import { bearer, createTestContext, createUser, signIn, type TestContext } from './harness.ts';
import { ADVERSARIAL_STRINGS, RAW_BODIES, databaseChecksum, jsonSchemaOf, queryOf, refuses, shaped, spoiled } from './fuzz-inputs.ts';
import { fillPath, routeKey } from './route-access.ts';

/**
 * Every route's input, fuzzed (decision 025): for each route, inputs made from its own params,
 * query and body schemas, spoiled at least in one part, and bodies that are not JSON at all. Each
 * must answer 4xx with the API's error shape, never 5xx, and leave every table as it was. Then
 * inputs that pass validation but carry adversarial strings and numbers: never a 5xx.
 *
 * FUZZ_RUNS sets the cases a route (default 20; about a fifth of them for the second kind), which
 * keeps the suite's own run under two minutes; `npm run test:fuzz` runs 400.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let ctx: TestContext;
let routes: RegisteredRoute[];
const cases = { invalid: 0, valid: 0, multipart: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
  // Pages answer HTML, not the API's error shape; plain-pages.test.ts holds what they refuse.
  routes = routesOf(ctx.app).filter((route) => route.access && !route.multipart && !route.page && (!only || only.test(routeKey(route))));
});
afterAll(async () => {
  // The closing note of a run: how many requests the properties made.
  if (process.env.FUZZ_TIMINGS) console.info(timings.sort((a, b) => b[1] - a[1]).slice(0, 15));
  console.info(`fuzz: ${cases.invalid} refused inputs, ${cases.valid} valid-shaped inputs, ${cases.multipart} uploads`);
  await ctx?.close();
});

/** The most trusted role a route admits, so the input reaches as far as it can. */
async function callerToken(route: RegisteredRoute): Promise<string | null> {
  const access = route.access!;
  if (access.kind !== 'signed-in') return null;
  const role = (['supadmin', 'admin', 'tanod', 'resident'] as UserType[]).find((candidate) => access.roles.includes(candidate))!;
  return signIn(ctx, await createUser(ctx, { userType: role }));
}

interface Input {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  raw?: { payload: string | Buffer; contentType: string };
}

function schemasOf(route: RegisteredRoute) {
  const schema = route.schema as { params?: ZodType; querystring?: ZodType; body?: ZodType } | undefined;
  return { params: schema?.params, query: schema?.querystring, body: schema?.body };
}

const sendsBody = (route: RegisteredRoute) => route.method !== 'GET' && route.method !== 'HEAD';

/** Inputs for a route: one part spoiled (or the body not JSON), the others shaped by their schema. */
function inputs(route: RegisteredRoute, spoil: boolean): fc.Arbitrary<Input> | null {
  const schemas = schemasOf(route);
  const shapes = {
    params: schemas.params ? jsonSchemaOf(schemas.params) : null,
    query: schemas.query ? jsonSchemaOf(schemas.query) : null,
    body: schemas.body ? jsonSchemaOf(schemas.body) : null,
  };
  const part = (name: 'params' | 'query' | 'body', broken: boolean): fc.Arbitrary<unknown> =>
    schemas[name] ? (broken ? spoiled(shapes[name]) : shaped(shapes[name])) : fc.constant(undefined);
  const spoilable = (['params', 'query', 'body'] as const).filter((name) => schemas[name] && (name !== 'body' || sendsBody(route)));
  const options: fc.Arbitrary<Input>[] = [];
  if (!spoil) {
    options.push(fc.record({ params: part('params', false), query: part('query', false), body: part('body', false) }));
    // Routes that read nothing still get a query string of junk.
    if (!schemas.query) options.push(fc.record({ params: part('params', false), query: fc.dictionary(fc.string({ maxLength: 8 }), fc.constantFrom(...ADVERSARIAL_STRINGS)), body: part('body', false) }));
    return fc.oneof(...options);
  }
  for (const name of spoilable) {
    options.push(fc.record({ params: part('params', name === 'params'), query: part('query', name === 'query'), body: part('body', name === 'body') }));
  }
  if (sendsBody(route)) {
    options.push(fc.record({ params: part('params', false), query: part('query', false), raw: fc.constantFrom(...RAW_BODIES) }));
  }
  // A route that reads no input at all has nothing to refuse.
  return options.length ? fc.oneof(...options) : null;
}

/** Whether Fastify must refuse the input before the route's handler runs. */
function mustRefuse(route: RegisteredRoute, input: Input): boolean {
  const schemas = schemasOf(route);
  if (input.raw) {
    const { contentType } = input.raw;
    const text = input.raw.payload.toString();
    // Fastify reads JSON and plain text; any other type is refused (415) before validation.
    if (contentType.startsWith('text/plain')) {
      if (refuses(schemas.body, text)) return true;
    } else if (contentType.startsWith('application/json')) {
      // A prototype key is refused by the JSON parser itself.
      if (text.includes('__proto__') || text.includes('"prototype"')) return true;
      try {
        if (refuses(schemas.body, JSON.parse(text))) return true;
      } catch {
        return true;
      }
    } else {
      return true;
    }
  }
  const paramsSent = paramsOf(route, input.params);
  // Text PostgreSQL cannot store (NUL, a lone surrogate) is refused whatever the schema says.
  if (unstorableTextAt(paramsSent) !== null || unstorableTextAt(queryOf(input.query).parsed) !== null) return true;
  if (input.body !== undefined && !input.raw && sendsBody(route) && unstorableTextAt(JSON.parse(JSON.stringify(input.body) ?? 'null')) !== null) return true;
  // Past Fastify's maxParamLength (100) the router finds no route: a 404.
  if (paramsSent && Object.values(paramsSent).some((value) => value.length > 100)) return true;
  if (paramsSent && refuses(schemas.params, paramsSent)) return true;
  if (schemas.query && refuses(schemas.query, queryOf(input.query).parsed)) return true;
  if (schemas.body && sendsBody(route) && !input.raw) {
    const sent = input.body === undefined ? undefined : JSON.parse(JSON.stringify(input.body) ?? 'null');
    if (refuses(schemas.body, sent)) return true;
  }
  return false;
}

/** The path parameters as the URL will carry them (strings), or null when they cannot be sent. */
function paramsOf(route: RegisteredRoute, value: unknown): Record<string, string> | null {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (!names.length) return {};
  const source = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const params: Record<string, string> = {};
  for (const name of names) {
    const raw = source[name];
    const text = typeof raw === 'string' ? raw : raw === undefined ? crypto.randomUUID() : JSON.stringify(raw) ?? '';
    // An empty or slash-bearing segment is another URL (a 404 of the router), not this route's input.
    if (!text || text.includes('/') || text.length > 20_000) return null;
    params[name] = text;
  }
  return params;
}

async function send(route: RegisteredRoute, token: string | null, input: Input) {
  const params = paramsOf(route, input.params) ?? {};
  const { search } = queryOf(input.query);
  const url = `${fillPath(route.url, params)}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = { ...(token ? bearer(token) : {}) };
  let payload: string | Buffer | undefined;
  if (input.raw) {
    payload = input.raw.payload;
    headers['content-type'] = input.raw.contentType;
  } else if (sendsBody(route) && input.body !== undefined) {
    payload = JSON.stringify(input.body);
    headers['content-type'] = 'application/json';
  }
  return ctx.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    // A fresh address a request, so the per-address limits never answer in the input's place.
    remoteAddress: `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(0, 250)}.${crypto.randomInt(1, 250)}`,
    ...(payload !== undefined ? { payload } : {}),
  });
}

function errorShapeProblem(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
    if (typeof parsed.error?.code !== 'string' || typeof parsed.error.message !== 'string') return 'no { error: { code, message } }';
    if (parsed.error.fields !== undefined && !Array.isArray(parsed.error.fields)) return 'fields is not a list';
    return null;
  } catch {
    return 'not JSON';
  }
}

const timings: [string, number][] = [];

/** The property's failure, if any, as one line: the answer, then the input (cut short: some are 200 KB). */
async function failures(route: RegisteredRoute, property: fc.IAsyncPropertyWithHooks<[Input]>, numRuns: number): Promise<string[]> {
  const result = await fc.check(property, { numRuns, seed: SEED, maxSkipsPerRun: 200, endOnFailure: true });
  if (!result.failed) return [];
  const reason = result.errorInstance instanceof Error ? result.errorInstance.message : 'too many skipped inputs';
  const input = result.counterexample ? JSON.stringify(result.counterexample[0])?.slice(0, 300) : '';
  return [`${routeKey(route)}: ${reason.slice(0, 400)} ← ${input} (seed ${result.seed})`];
}

describe('every route refuses bad input with a 4xx in the error shape, and changes nothing', () => {
  it('for each route, random and adversarial inputs spoiled in one part', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const arbitrary = inputs(route, true);
      if (!arbitrary) continue;
      const token = await callerToken(route);
      const before = await databaseChecksum(ctx);
      const started = Date.now();
      problems.push(
        ...(await failures(
          route,
          fc.asyncProperty(arbitrary, async (input) => {
            // Parameters a URL cannot carry (empty, with a slash) would address another route.
            fc.pre(paramsOf(route, input.params) !== null && mustRefuse(route, input));
            cases.invalid += 1;
            const response = await send(route, token, input);
            // A HEAD answer has no body to carry the error.
            const shape = route.method === 'HEAD' ? null : errorShapeProblem(response.body);
            if (response.statusCode < 400 || response.statusCode >= 500 || shape) {
              throw new Error(`${response.statusCode} ${shape ?? ''} ${response.body.slice(0, 300)}`);
            }
          }),
          RUNS,
        )),
      );
      timings.push([routeKey(route), Date.now() - started]);
      const after = await databaseChecksum(ctx);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length) problems.push(`${routeKey(route)}: refused inputs changed ${changed.join(', ')}`);
    }
    expect(({} as Record<string, unknown>).isAdmin, 'Object.prototype polluted').toBeUndefined();
    expect(problems).toEqual([]);
  }, 900_000);

  it('for each route, inputs its schemas accept with adversarial strings and numbers never answer 5xx', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const token = await callerToken(route);
      problems.push(
        ...(await failures(
          route,
          fc.asyncProperty(inputs(route, false)!, async (input) => {
            fc.pre(paramsOf(route, input.params) !== null);
            cases.valid += 1;
            const response = await send(route, token, input);
            if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
            if (response.statusCode >= 400 && route.method !== 'HEAD' && errorShapeProblem(response.body)) throw new Error(`${response.statusCode} not the error shape: ${response.body.slice(0, 300)}`);
          }),
          Math.max(5, Math.round(RUNS / 5)),
        )),
      );
    }
    expect(problems).toEqual([]);
  }, 900_000);
});

/** A multipart body built by hand, so it can lie: about its type, its size, its end. */
function multipart(parts: { name: string; filename?: string; type?: string; headers?: string; bytes: Buffer }[], options: { close?: boolean } = {}) {
  const boundary = `----fuzz${crypto.randomBytes(6).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n` +
        `${part.type ? `Content-Type: ${part.type}\r\n` : ''}${part.headers ?? ''}\r\n`,
    ),
    part.bytes,
    Buffer.from('\r\n'),
  ]);
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

/** Uploads that are wrong in one way each: the type, the size, the content, the framing. */
function badUploads(field: string): { name: string; payload: string | Buffer; contentType: string }[] {
  const file = (bytes: Buffer, type = 'image/png', filename = 'photo.png') => multipart([{ name: field, filename, type, bytes }]);
  return [
    { name: 'JSON instead of multipart', payload: '{"photo":"x"}', contentType: 'application/json' },
    { name: 'multipart without a boundary', payload: 'x', contentType: 'multipart/form-data' },
    { name: 'an empty file', ...file(Buffer.alloc(0)) },
    { name: 'text that says it is a PNG', ...file(Buffer.from('just some text, not a picture')) },
    { name: 'a PNG signature and then junk', ...file(Buffer.concat([PNG_SIGNATURE, crypto.randomBytes(2_000)])) },
    { name: 'a JPEG start and then junk, named .gif', ...file(Buffer.concat([JPEG_START, crypto.randomBytes(2_000)]), 'image/jpeg', 'photo.gif') },
    { name: 'an SVG with a script', ...file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml', 'logo.svg') },
    { name: 'a file past every limit', ...file(Buffer.alloc(11 * 1024 * 1024, 1)) },
    { name: 'a part that declares a huge size', ...multipart([{ name: field, filename: 'p.png', type: 'image/png', headers: 'Content-Length: 999999999999\r\n', bytes: Buffer.from('tiny') }]) },
    { name: 'the file under another field name', ...multipart([{ name: 'not-the-field', filename: 'p.png', type: 'image/png', bytes: PNG_SIGNATURE }]) },
    { name: 'a text field and no file', ...multipart([{ name: field, bytes: Buffer.from('hello') }]) },
    { name: 'twelve files', ...multipart(Array.from({ length: 12 }, () => ({ name: field, filename: 'p.png', type: 'image/png', bytes: PNG_SIGNATURE }))) },
    { name: 'a body cut before its end', ...multipart([{ name: field, filename: 'p.png', type: 'image/png', bytes: PNG_SIGNATURE }], { close: false }) },
    { name: 'a file name with NUL and a path', ...file(Buffer.from('x'), 'image/png', '../../etc/pass\u0000wd.png') },
  ];
}

describe('every upload route refuses uploads that lie, with a 4xx in the error shape, and changes nothing', () => {
  it('for each multipart route: wrong content types, empty files, huge sizes, files that lie about their type, random bytes', async () => {
    const problems: string[] = [];
    const uploads = routesOf(ctx.app).filter((route) => route.access && route.multipart);
    expect(uploads.length).toBeGreaterThan(5);
    for (const route of uploads) {
      const token = await callerToken(route);
      const field = route.url.includes('/public/photos') || route.url.includes('/evidence') ? 'photos' : 'photo';
      const before = await databaseChecksum(ctx);
      const check = async (name: string, payload: string | Buffer, contentType: string) => {
        cases.multipart += 1;
        const response = await send(route, token, { raw: { payload, contentType } });
        const shape = errorShapeProblem(response.body);
        if (response.statusCode < 400 || response.statusCode >= 500 || shape) problems.push(`${routeKey(route)} (${name}): ${response.statusCode} ${shape ?? ''} ${response.body.slice(0, 200)}`);
      };
      for (const upload of badUploads(field)) await check(upload.name, upload.payload, upload.contentType);
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 4_096 }), fc.constantFrom('image/png', 'image/jpeg', 'image/webp'), async (bytes, type) => {
          const body = multipart([{ name: field, filename: 'random.bin', type, bytes: Buffer.from(bytes) }]);
          await check(`random bytes as ${type}`, body.payload, body.contentType);
        }),
        { numRuns: Math.max(3, Math.round(RUNS / 5)), seed: SEED },
      );
      const after = await databaseChecksum(ctx);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length) problems.push(`${routeKey(route)}: refused uploads changed ${changed.join(', ')}`);
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

/** What the fuzzing found, pinned as plain cases (decision 025): each answered 500, or not in the error shape. */
describe('the inputs the fuzzing found', () => {
  const expectRefused = (response: { statusCode: number; body: string }, status = 400) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(errorShapeProblem(response.body)).toBeNull();
  };

  it('refuses NUL and lone surrogates in any field, which PostgreSQL cannot store', async () => {
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '\u0000', password: 'x' } }));
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/public/tanods?search=%00' }));
    const supadmin = await signIn(ctx, await createUser(ctx, { userType: 'supadmin' }));
    const before = await databaseChecksum(ctx);
    const account = { firstName: '\uD800', lastName: 'Cruz', username: `fuzz${crypto.randomBytes(3).toString('hex')}`, userType: 'admin' };
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(supadmin), payload: account }));
    expect(await databaseChecksum(ctx)).toEqual(before);
  });

  it('refuses a schedule range that ends past the year 9999, which PostgreSQL cannot read', async () => {
    const admin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/schedules?from=9999-12-31T23:59:59.999Z', headers: bearer(admin) }));
  });

  it('answers a point a hair from zero (a subnormal number) instead of failing in the distance formula', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/geocode/reverse?lat=3e-323&lng=3e-323' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers a multipart body without its boundary, or cut short, with 400', async () => {
    const token = await signIn(ctx, await createUser(ctx, { userType: 'tanod' }));
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/api/account/photo', headers: { ...bearer(token), 'content-type': 'multipart/form-data' }, payload: 'x' }));
    const cut = multipart([{ name: 'photo', filename: 'p.png', type: 'image/png', bytes: PNG_SIGNATURE }], { close: false });
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/api/account/photo', headers: { ...bearer(token), 'content-type': cut.contentType }, payload: cut.payload }));
  });

  it("answers the router's own refusals (bad percent-encoding, a parameter past 100 characters) in the error shape", async () => {
    const token = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/users/%ED%A0%80', headers: bearer(token) }));
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/users/${'a'.repeat(150)}`, headers: bearer(token) }));
  });
});
