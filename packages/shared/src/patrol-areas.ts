import { z } from 'zod';
import { polygonProblem } from './geo.ts';
import { PATROL_LIMITS } from './patrols.ts';
import { msg, ph } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/** Patrol areas and the barangay boundary (docs/product.md §3, §4.6). */

// --- Patrol areas: `/api/patrol-areas`, and the boundary `PUT /api/settings/boundary`. -----------

/**
 * A drawn polygon (GeoJSON Polygon, positions `[lng, lat]`), checked on the server: one outline,
 * closed, at least 3 distinct corners, not crossing itself. Each problem has its own message on the
 * field (`polygon` or `boundary`). Being inside the boundary is checked by the service.
 */
export const drawnPolygonSchema = z
  .object({
    type: z.literal('Polygon', zodMessage(msg`The shape must be a GeoJSON Polygon`)),
    coordinates: z
      .array(z.array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], zodMessage(msg`Each point must be [longitude, latitude]`))), zodMessage(msg`The polygon has no outline`))
      .min(1, zodMessage(msg`The polygon has no outline`)),
  })
  .superRefine((polygon, ctx) => {
    const problem = polygonProblem(polygon);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** `#rrggbb`, the ring colour on the maps. */
export const colorSchema = z.string(zodMessage(msg`Choose a colour`)).regex(/^#[0-9a-fA-F]{6}$/, zodMessage(msg`The colour must look like #1e88e5`));

export const patrolAreaSchema = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  polygon: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
  /** False once retired: kept for the schedules and patrols that used it; no new schedule may use it. */
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PatrolArea = z.infer<typeof patrolAreaSchema>;

/** `GET /api/patrol-areas?includeRetired=true` (staff): active areas by name; retired ones on request. */
export const patrolAreaListQuerySchema = z.object({
  includeRetired: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
});

/** `POST /api/patrol-areas` (admin): 201 with the area. A name already used (case-insensitive) is 409 CONFLICT. */
export const createPatrolAreaRequestSchema = z.object({
  name: z.string(zodMessage(msg`Name is required`)).trim().min(1, zodMessage(msg`Name is required`)).max(PATROL_LIMITS.areaNameMaxLength, zodMessage(msg`Name must be at most ${ph({ max: PATROL_LIMITS.areaNameMaxLength })} characters`)),
  color: colorSchema,
  polygon: drawnPolygonSchema,
});
export type CreatePatrolAreaRequest = z.input<typeof createPatrolAreaRequestSchema>;

/** `PATCH /api/patrol-areas/{id}` (admin): any of the fields; `active: true` brings a retired area back. */
export const updatePatrolAreaRequestSchema = createPatrolAreaRequestSchema
  .partial()
  .extend({ active: z.boolean().optional() })
  .refine((body) => Object.keys(body).length > 0, zodMessage(msg`Change at least one field`));
export type UpdatePatrolAreaRequest = z.input<typeof updatePatrolAreaRequestSchema>;

/**
 * `DELETE /api/patrol-areas/{id}` (admin): an area no schedule ever used is deleted; one that
 * schedules use is retired instead (their history keeps it).
 */
export const deletePatrolAreaResponseSchema = z.object({ outcome: z.enum(['deleted', 'retired']) });
export type DeletePatrolAreaResponse = z.infer<typeof deletePatrolAreaResponseSchema>;

/** `PUT /api/settings/boundary` (supadmin): the barangay boundary, or null to remove it. */
export const updateBoundaryRequestSchema = z.object({ boundary: drawnPolygonSchema.nullable() });
export const updateBoundaryResponseSchema = z.object({ boundary: patrolAreaSchema.shape.polygon.nullable() });
