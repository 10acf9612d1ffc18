import { z } from 'zod';
import { msg, ph } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/**
 * What an API key may do (docs/decisions/034-the-integration-kit.md). A route admits a key only when
 * its access declaration names one of these and the key holds it; every other route refuses keys.
 */
export const API_KEY_SCOPES = [
  'incidents:read',
  'incidents:write',
  'advisories:read',
  'advisories:write',
  'tracking:read',
  'areas:read',
  'schedules:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so it is told apart from a session's token (and found by secret scanners). */
export const API_KEY_PREFIX = 'bty_';
export const API_KEY_NAME_MAX_LENGTH = 80;

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The key's first characters (`bty_AbCd`), enough to tell keys apart; the key itself is never shown again. */
  hint: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const createApiKeySchema = z.object({
  name: z
    .string(zodMessage(msg`name is required`))
    .trim()
    .min(1, zodMessage(msg`name is required`))
    .max(API_KEY_NAME_MAX_LENGTH, zodMessage(msg`name must be at most ${ph({ max: API_KEY_NAME_MAX_LENGTH })} characters`)),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, zodMessage(msg`scopes must each be one of the known scopes`)), zodMessage(msg`scopes must be a list`))
    .min(1, zodMessage(msg`Choose at least one scope`))
    .max(API_KEY_SCOPES.length, zodMessage(msg`scopes must each be one of the known scopes`))
    .refine((scopes) => new Set(scopes).size === scopes.length, zodMessage(msg`scopes must not repeat`)),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;

/** The answer to making a key: the only time the key itself is shown. */
export const createdApiKeySchema = z.object({ _id: z.string(), key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid(zodMessage(msg`id must be a UUID`)) });

/**
 * The GeoJSON files other maps read (RFC 7946, positions `[lng, lat]`): incidents as Points, patrol
 * tracks as LineStrings, patrol areas as Polygons. Properties are flat values, as QGIS wants them.
 */
export const geoJsonFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: z.discriminatedUnion('type', [
        z.object({ type: z.literal('Point'), coordinates: z.array(z.number()) }),
        z.object({ type: z.literal('LineString'), coordinates: z.array(z.array(z.number())) }),
        z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) }),
      ]),
      properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    }),
  ),
});
export type GeoJsonFeatureCollection = z.infer<typeof geoJsonFeatureCollectionSchema>;

/** The media type of GeoJSON (RFC 7946 §12). */
export const GEOJSON_CONTENT_TYPE = 'application/geo+json; charset=utf-8';
