import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { z, type ZodType } from 'zod';
import type { TestContext } from './harness.ts';

/**
 * Inputs for the property-based tests of every route (decision 025): values shaped by each
 * route's own zod schemas, and a fixed set of adversarial ones (wrong types, huge strings, deep
 * nesting, unicode and NUL, numbers at the edges, prototype-pollution keys).
 */

const HUGE = 'x'.repeat(200_000);

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = asArray ? [value] : { a: value };
  return value;
}

export const ADVERSARIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '𝕳𝖊𝖑𝖑𝖔 👋🏽 مرحبا',
  'ａｄｍｉｎ',
  '\u202Egnp.exe',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../../../etc/passwd',
  '%00',
  '%',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '9007199254740993',
  'true',
  'null',
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  'y'.repeat(80),
  'z'.repeat(150),
  'x'.repeat(5_000),
  HUGE,
];

export const ADVERSARIAL_VALUES: unknown[] = [
  ...ADVERSARIAL_STRINGS,
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
  true,
  false,
  null,
  [],
  {},
  [null],
  { constructor: { prototype: { polluted: true } } },
  nested(400, 'deep', false),
  nested(400, 'deep', true),
  Array.from({ length: 20_000 }, (_, index) => index),
  Object.fromEntries(Array.from({ length: 2_000 }, (_, index) => [`k${index}`, index])),
];

const adversarial = fc.constantFrom(...ADVERSARIAL_VALUES);
const adversarialString = fc.constantFrom(...ADVERSARIAL_STRINGS);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

export function jsonSchemaOf(schema: ZodType): JsonSchema | null {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** Values shaped like the schema asks (often valid), with adversarial strings and numbers mixed in. */
export function shaped(schema: JsonSchema | null, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.oneof(adversarial, fc.jsonValue({ maxDepth: 2 }));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((member) => shaped(member, depth + 1)));
  if (schema.allOf?.length) return shaped(schema.allOf[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof({ weight: 3, arbitrary: stringFor(schema) }, { weight: 1, arbitrary: adversarialString });
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
      const inRange = type === 'integer' ? fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) }) : fc.double({ min, max, noNaN: true });
      return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(min, max, 0, -1, 1e308, -1e308, 0.5) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(shaped(schema.items ?? null, depth + 1), { minLength: Math.min(schema.minItems ?? 0, 5), maxLength: Math.min(schema.maxItems ?? 4, 6) });
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      const record = fc.record(Object.fromEntries(keys.map((key) => [key, shaped(properties[key]!, depth + 1)])), {
        requiredKeys: (schema.required ?? []).filter((key) => keys.includes(key)),
      });
      // Extra fields beside the known ones, prototype-pollution names among them.
      const extra = fc.dictionary(fc.constantFrom('extra', 'constructor', 'prototype', 'toString', 'isAdmin', 'userType', 'id'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
      return fc.tuple(record, fc.option(extra, { freq: 3 })).map(([known, more]) => ({ ...(more ?? {}), ...known }));
    }
    default:
      return fc.oneof(adversarial, fc.jsonValue({ maxDepth: 2 }));
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    default:
      break;
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= (schema.maxLength ?? 10_000));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 300), unit: 'grapheme' });
}

/** A value that is probably not what the schema asks: a wrong type, an adversarial value, or one field spoiled. */
export function spoiled(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  const properties = schema?.properties ? Object.keys(schema.properties) : [];
  const spoilOneField =
    properties.length > 0
      ? fc.tuple(shaped(schema), fc.constantFrom(...properties), adversarial).map(([value, key, bad]) => ({ ...(value as object), [key]: bad }))
      : adversarial;
  return fc.oneof(adversarial, spoilOneField, fc.jsonValue({ maxDepth: 3 }));
}

/** Whether Fastify's validation (the route's zod schema) would refuse the value. */
export function refuses(schema: ZodType | undefined, value: unknown): boolean {
  if (!schema) return false;
  return !schema.safeParse(value).success;
}

/** A query string as a URL carries it, and the object Fastify parses back from it. */
export function queryOf(value: unknown): { search: string; parsed: Record<string, string | string[]> } {
  const params = new URLSearchParams();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, entry] of Object.entries(value)) {
      for (const item of Array.isArray(entry) ? entry : [entry]) params.append(key, typeof item === 'string' ? item : JSON.stringify(item) ?? '');
    }
  } else if (value !== undefined) {
    params.append('q', typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  }
  const parsed: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [key, entry] of params) {
    const before = parsed[key];
    if (before === undefined) parsed[key] = entry;
    else if (Array.isArray(before)) before.push(entry);
    else parsed[key] = [before, entry];
  }
  return { search: params.toString(), parsed };
}

/** Bodies that are not the JSON the route reads: malformed, mislabelled, or carrying a prototype key. */
export const RAW_BODIES: { payload: string | Buffer; contentType: string }[] = [
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<a>1</a>', contentType: 'application/xml' },
  { payload: 'hello', contentType: 'text/plain' },
  { payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]), contentType: 'application/octet-stream' },
  { payload: '\u0000', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`, contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: '{"a":1}', contentType: 'multipart/form-data' },
];

/**
 * A fingerprint of every table: rows and an md5 of their contents. Columns that are touched by
 * design whatever the input (a session's last use, a user's presence when a socket comes or goes)
 * are left out, and so is the table of per-address request counts, which counts every request on
 * purpose.
 */
const IGNORED_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'], users: ['is_online', 'last_active'] };
const IGNORED_TABLES = new Set(['rate_limit_counters']);

export async function databaseChecksum(ctx: TestContext): Promise<Record<string, string>> {
  const tables = (await rows<{ table_name: string }>(ctx, sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`))
    .map((row) => row.table_name)
    .filter((name) => !IGNORED_TABLES.has(name));
  const parts = tables.map((name) => {
    const ignored = IGNORED_COLUMNS[name] ?? [];
    const row = ignored.length ? `(to_jsonb(t) - array[${ignored.map((column) => `'${column}'`).join(',')}])::text` : 't::text';
    return `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(md5(${row}), '' order by md5(${row}))), '') as sum from "${name}" t`;
  });
  const result = await rows<{ name: string; sum: string }>(ctx, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(result.map((row) => [row.name, row.sum]));
}

async function rows<T>(ctx: TestContext, statement: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result = (await ctx.deps.db.execute(statement)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}
