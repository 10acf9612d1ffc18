import { z } from 'zod';
import { INCIDENT_HANDLING_LIMITS, geoPointSchema } from './incident-handling.ts';
import { msg, ph } from '@lingui/core/macro';
import { fieldMessage, zodMessage, type FieldLabel } from './i18n.ts';

/**
 * CCTV cameras (docs/product.md §3): where they are and whom to ask for footage. Staff read
 * them (`GET /api/cameras`, for the maps); admins add, edit and delete them. The nearest ones to
 * an incident come from `GET /api/incidents/{id}/cameras`.
 */

export const CAMERA_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  urlMaxLength: 500,
  ownerContactMaxLength: 200,
  listMax: 500,
} as const;

const optionalText = (field: FieldLabel, max: number) =>
  z
    .string()
    .trim()
    .max(max, fieldMessage(field, (label) => msg`${label} must be at most ${max} characters`))
    .nullish()
    .transform((value) => (value ? value : null));

export const cameraSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  /** Where to watch it (a DVR's web page, a stream); opened in a new tab. */
  viewingUrl: z.string().nullable(),
  /** Who owns it and how to reach them for footage. */
  ownerContact: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Camera = z.infer<typeof cameraSchema>;

export const cameraListResponseSchema = z.object({ items: z.array(cameraSchema) });
export type CameraListResponse = z.infer<typeof cameraListResponseSchema>;

const viewingUrlSchema = z
  .string()
  .trim()
  .max(CAMERA_LIMITS.urlMaxLength, zodMessage(msg`Viewing URL must be at most ${ph({ max: CAMERA_LIMITS.urlMaxLength })} characters`))
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^https?:\/\/[^\s]+$/i.test(value), zodMessage(msg`Viewing URL must start with http:// or https://`));

/** `POST /api/cameras` (admin). */
export const createCameraRequestSchema = z.object({
  name: z
    .string(zodMessage(msg`Name is required`))
    .trim()
    .min(1, zodMessage(msg`Name is required`))
    .max(CAMERA_LIMITS.nameMaxLength, zodMessage(msg`Name must be at most ${ph({ max: CAMERA_LIMITS.nameMaxLength })} characters`)),
  description: optionalText(msg`Description`, CAMERA_LIMITS.descriptionMaxLength),
  location: geoPointSchema,
  viewingUrl: viewingUrlSchema,
  ownerContact: optionalText(msg`Owner or contact`, CAMERA_LIMITS.ownerContactMaxLength),
});
export type CreateCameraRequest = z.input<typeof createCameraRequestSchema>;

/** `PATCH /api/cameras/{id}` (admin): any of the fields; null clears an optional one. */
export const updateCameraRequestSchema = z
  .object({
    name: createCameraRequestSchema.shape.name.optional(),
    description: optionalText(msg`Description`, CAMERA_LIMITS.descriptionMaxLength).optional(),
    location: geoPointSchema.optional(),
    viewingUrl: viewingUrlSchema.optional(),
    ownerContact: optionalText(msg`Owner or contact`, CAMERA_LIMITS.ownerContactMaxLength).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), zodMessage(msg`Change at least one field`));
export type UpdateCameraRequest = z.input<typeof updateCameraRequestSchema>;

export const cameraIdParamsSchema = z.object({ id: z.uuid(zodMessage(msg`Unknown camera`)) });

/** `GET /api/incidents/{id}/cameras`: nearest first, `limit` (default 5, at most 20), optional `radius` (metres). */
export const nearestCamerasQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(INCIDENT_HANDLING_LIMITS.camerasMax).default(INCIDENT_HANDLING_LIMITS.camerasDefault),
  radius: z.coerce.number().positive().max(INCIDENT_HANDLING_LIMITS.radiusMaxMeters).optional(),
});

export const nearestCamerasResponseSchema = z.object({
  items: z.array(z.object({ camera: cameraSchema, distanceMeters: z.number() })),
  /** The footage to ask for: the incident's time (occurredAt) ± 10 minutes. */
  reviewWindow: z.object({ from: z.string(), to: z.string() }),
});
export type NearestCamerasResponse = z.infer<typeof nearestCamerasResponseSchema>;
