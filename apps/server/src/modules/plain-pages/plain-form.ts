import crypto from 'node:crypto';
import { INCIDENT_LIMITS, type ReportLocation } from '@bantay/shared';

/**
 * The two report forms without JavaScript as the browser posts them
 * (`application/x-www-form-urlencoded`), and what the page shows back: the values as typed, and a
 * message next to each field the rules refused.
 */
export type PlainFormKind = 'emergency' | 'report';

const PLAIN_FIELDS = ['type', 'area', 'landmark', 'phone', 'description'] as const;
export type PlainField = (typeof PLAIN_FIELDS)[number];

export interface PlainFormValues extends Record<PlainField, string> {
  /**
   * The form's own id, made when the page was served and sent back with it: the report's
   * `clientId`, so the same form sent twice (a double tap, a reload of the answer, a retry on a
   * weak signal) gets the first report's ticket instead of making a second report.
   */
  formId: string;
}

export interface PlainFormState {
  values: PlainFormValues;
  errors: Partial<Record<PlainField, string>>;
  /** A message for the whole form (a limit, a refusal that names no field). */
  alert?: string;
}

/** Longest text kept from a field: past the schema's own limits, so those still say what is wrong. */
const FIELD_MAX = {
  type: 200,
  area: 64,
  landmark: INCIDENT_LIMITS.landmarkMaxLength + 50,
  phone: 64,
  description: INCIDENT_LIMITS.descriptionMaxLength + 50,
} satisfies Record<PlainField, number>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A blank form with a new id. */
export function blankForm(): PlainFormState {
  return { values: { type: '', area: '', landmark: '', phone: '', description: '', formId: crypto.randomUUID() }, errors: {} };
}

/** The first value of each known field, as text; anything else is left out. */
function field(body: Record<string, unknown>, name: string): string {
  const raw = body[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value : '';
}

/**
 * A posted form: the fields the person filled in, which a refused form shows again, and the hidden
 * ones the page's script fills in (apps/web/src/lite/enhance.ts), which it never shows again: the
 * phone's position and a solved bot check.
 */
export interface PostedForm {
  values: PlainFormValues;
  /** The phone's position, when the script found one; absent without script or when the numbers are not a place. */
  position: ReportLocation | undefined;
  /** The solved bot check (ALTCHA's payload), or empty. */
  botCheck: string;
}

/** The schema's own ceilings: a longer bot check is no solution, a rougher position says no more than "within 100 km". */
const BOT_CHECK_MAX = 8192;
const ACCURACY_MAX = 100_000;

/** A number the person never typed: a finite one in range, else undefined (an empty field is not 0). */
function coordinate(text: string, limit: number): number | undefined {
  if (!text.trim() || text.length > 32) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

/**
 * The hidden position fields: both numbers, or none. A field nobody can see or correct never
 * refuses a report: garbage is read as no position, and the purok or the landmark is asked for.
 */
function positionOf(fields: Record<string, unknown>): ReportLocation | undefined {
  const lat = coordinate(field(fields, 'lat'), 90);
  const lng = coordinate(field(fields, 'lng'), 180);
  if (lat === undefined || lng === undefined) return undefined;
  const accuracy = coordinate(field(fields, 'accuracy'), Number.MAX_VALUE);
  return accuracy === undefined || accuracy < 0 ? { lat, lng } : { lat, lng, accuracy: Math.min(accuracy, ACCURACY_MAX) };
}

/** The posted form, read leniently: a missing or strange field is an empty one, which the rules then name. */
export function readPostedForm(body: unknown): PostedForm {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const values = { formId: '' } as PlainFormValues;
  for (const name of PLAIN_FIELDS) values[name] = field(fields, name).slice(0, FIELD_MAX[name]);
  const formId = field(fields, 'form');
  // A form without a good id (a hand-made post) still reports, with an id of its own.
  values.formId = UUID.test(formId) ? formId.toLowerCase() : crypto.randomUUID();
  const botCheck = field(fields, 'botCheck').trim();
  return { values, position: positionOf(fields), botCheck: botCheck.length <= BOT_CHECK_MAX ? botCheck : '' };
}
