import { t } from '@lingui/core/macro';
import { createCameraRequestSchema, updateCameraRequestSchema, type Camera, type CreateCameraRequest, type UpdateCameraRequest } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';

/** The camera form's rules, apart from the components so they are tested without a browser. */

export interface CameraFormValues {
  name: string;
  description: string;
  viewingUrl: string;
  ownerContact: string;
}

/** Latitude and longitude as typed, or as the map wrote them (6 decimals, about 10 cm). */
export interface PositionText {
  lat: string;
  lng: string;
}

type CameraField = keyof CameraFormValues | 'lat' | 'lng';
export type CameraErrors = Partial<Record<CameraField | 'form', string>>;

export const valuesOf = (camera: Camera | null): CameraFormValues => ({
  name: camera?.name ?? '',
  description: camera?.description ?? '',
  viewingUrl: camera?.viewingUrl ?? '',
  ownerContact: camera?.ownerContact ?? '',
});

export const positionText = (point: { lat: number; lng: number }): PositionText => ({ lat: point.lat.toFixed(6), lng: point.lng.toFixed(6) });

/** The typed position as numbers, or null while either part is blank or not a number. */
export function parsePosition(text: PositionText): { lat: number; lng: number } | null {
  if (text.lat.trim() === '' || text.lng.trim() === '') return null;
  const lat = Number(text.lat);
  const lng = Number(text.lng);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/** A server or schema field path ("location.lat") as the form's field. */
function formField(path: string): CameraField | 'form' {
  if (path === 'location.lat' || path === 'location') return 'lat';
  if (path === 'location.lng') return 'lng';
  if (path === 'name' || path === 'description' || path === 'viewingUrl' || path === 'ownerContact') return path;
  return 'form';
}

function collect(issues: { path: string; message: string }[]): CameraErrors {
  const errors: CameraErrors = {};
  for (const issue of issues) errors[formField(issue.path)] ??= issue.message;
  return errors;
}

/**
 * Blank or unreadable coordinates, named on their own field (the schema would only say "location"),
 * in the language on screen when the form is checked.
 */
function positionErrors(text: PositionText): CameraErrors {
  const errors: CameraErrors = {};
  const problem = (value: string) => (value.trim() === '' ? 'blank' : Number.isFinite(Number(value)) ? null : 'not_a_number');
  const lat = problem(text.lat);
  const lng = problem(text.lng);
  if (lat) errors.lat = lat === 'blank' ? t`Latitude is required` : t`Latitude must be a number`;
  if (lng) errors.lng = lng === 'blank' ? t`Longitude is required` : t`Longitude must be a number`;
  return errors;
}

type Checked<T> = { body: T; errors: null } | { body: null; errors: CameraErrors };

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) => error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

/** The body of `POST /api/cameras`, checked with the server's own schema; every field's error at once. */
export function createBody(values: CameraFormValues, text: PositionText): Checked<CreateCameraRequest> {
  const position = parsePosition(text);
  const body: CreateCameraRequest = { ...values, location: position ?? { lat: 0, lng: 0 } };
  const parsed = createCameraRequestSchema.safeParse(body);
  const errors = { ...(parsed.success ? {} : collect(issuesOf(parsed.error))), ...(position ? {} : positionErrors(text)) };
  return Object.keys(errors).length > 0 ? { body: null, errors } : { body, errors: null };
}

/** The body of `PATCH /api/cameras/{id}`: only what changed (null clears an optional field); null when nothing did. */
export function updateBody(camera: Camera, values: CameraFormValues, text: PositionText): Checked<UpdateCameraRequest> | null {
  const position = parsePosition(text);
  const before = valuesOf(camera);
  const body: UpdateCameraRequest = {};
  if (values.name !== before.name) body.name = values.name;
  for (const key of ['description', 'viewingUrl', 'ownerContact'] as const) {
    if (values[key].trim() !== before[key]) body[key] = values[key].trim() === '' ? null : values[key];
  }
  if (position && (position.lat !== camera.location.lat || position.lng !== camera.location.lng)) body.location = position;
  if (position && Object.keys(body).length === 0) return null;
  const parsed = updateCameraRequestSchema.safeParse(body);
  const errors = { ...(parsed.success || Object.keys(body).length === 0 ? {} : collect(issuesOf(parsed.error))), ...(position ? {} : positionErrors(text)) };
  return Object.keys(errors).length > 0 ? { body: null, errors } : { body, errors: null };
}

/** A refused save as messages next to their fields; anything else above the form. */
export function serverErrors(error: unknown, fallback: string): CameraErrors {
  if (!(error instanceof ApiError)) return { form: fallback };
  if (error.isNetwork || error.fields.length === 0) return { form: error.message || fallback };
  return collect(error.fields.map((field) => ({ path: field.field, message: field.message })));
}
