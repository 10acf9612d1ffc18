import { z } from 'zod';
import { INCIDENT_CLASSIFICATIONS, INCIDENT_EVENT_KINDS, INCIDENT_STATUSES } from './incidents.ts';
import { EVIDENCE_PURPOSES } from './incident-evidence.ts';
import { INCIDENT_SOURCES } from './incident-sources.ts';
import { msg, ph } from '@lingui/core/macro';
import { fieldMessage, translate, translatedList, zodMessage, type FieldLabel } from './i18n.ts';

/**
 * Incident handling for staff (docs/product.md §4.4): the list and detail, claim (respond),
 * assign, resolve, reject, false alarm, notes, the CSV export and the nearest cameras.
 *
 * Every call is under `/api/incidents`, needs a staff bearer token (401 without, 403 for
 * residents). Admins see every incident; a tanod sees pending ones and those they responded to
 * or were assigned (others answer 404, as an unknown id does).
 *
 * Writes answer 200 with the incident's full detail. Refusals:
 * - 409 `already_taken` (respond): another tanod claimed it first; `details.takenBy` names them.
 * - 409 `has_active_incident` (respond, assign): the tanod holds another in-progress incident;
 *   `details.incident` names it.
 * - 409 `CONFLICT`: the step does not fit the current status (resolve a pending one, respond to a
 *   resolved one); `details.status` is the current status.
 * Every step emits `incident:updated` after commit; new reports emit `incident:created`.
 */

export const INCIDENT_HANDLING_LIMITS = {
  /** Resolution log and notes. */
  logMaxLength: 2000,
  noteMaxLength: 2000,
  /** Reasons of a rejection or a false alarm. */
  reasonMaxLength: 500,
  pageDefault: 50,
  pageMax: 100,
  searchMaxLength: 200,
  /** `radius` of the `near` filter, metres. */
  radiusMaxMeters: 50_000,
  /** `GET /api/incidents/{id}/cameras`: how many, and the review window around the incident time. */
  camerasDefault: 5,
  camerasMax: 20,
  cameraReviewWindowMs: 10 * 60_000,
} as const;

const requiredText = (field: FieldLabel, max: number) =>
  z
    .string(fieldMessage(field, (label) => msg`${label} is required`))
    .trim()
    .min(1, fieldMessage(field, (label) => msg`${label} is required`))
    .max(max, fieldMessage(field, (label) => msg`${label} must be at most ${ph({ max: max.toLocaleString('en-US') })} characters`));

/** A person as shown on incidents and backup requests. */
export const staffPersonSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(['resident', 'tanod', 'admin', 'supadmin']),
  profilePicture: z.string().nullable(),
});
export type StaffPerson = z.infer<typeof staffPersonSchema>;

export const geoPointSchema = z.object({
  lat: z.number(zodMessage(msg`Latitude is required`)).min(-90).max(90),
  lng: z.number(zodMessage(msg`Longitude is required`)).min(-180).max(180),
});

/** A photo of a report; `url` is `/api/incidents/photos/{_id}` (staff bearer token needed). */
export const incidentPhotoSchema = z.object({
  _id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type IncidentPhoto = z.infer<typeof incidentPhotoSchema>;

/**
 * A photo a staff member attached (incident-evidence.ts): to a note (`eventId` is the note's
 * timeline step) or to the resolution log (`eventId` null). Staff only, like the note itself.
 */
export const evidencePhotoSchema = incidentPhotoSchema.extend({
  purpose: z.enum(EVIDENCE_PURPOSES),
  eventId: z.string().nullable(),
  uploadedBy: staffPersonSchema.nullable(),
  uploadedAt: z.string(),
});
export type EvidencePhoto = z.infer<typeof evidencePhotoSchema>;

/** One row of the staff list (and of the tanod queue). */
export const incidentListItemSchema = z.object({
  _id: z.string(),
  ticket: z.string(),
  type: z.string(),
  classification: z.enum(INCIDENT_CLASSIFICATIONS),
  status: z.enum(INCIDENT_STATUSES),
  description: z.string(),
  /** When it happened, as the reporter said (ISO 8601). */
  occurredAt: z.string(),
  /** When it was reported (the list's default order, newest first). */
  reportedAt: z.string(),
  updatedAt: z.string(),
  /** The exact point (staff only). */
  location: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable() }),
  address: z.string().nullable(),
  landmark: z.string().nullable(),
  photos: z.array(incidentPhotoSchema),
  /** The tanod who responded or was assigned, once there is one. */
  responder: staffPersonSchema.nullable(),
  respondedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** An open report of the same type within 100 m and 30 minutes when this one came in. */
  possibleDuplicateOf: z.object({ _id: z.string(), ticket: z.string(), status: z.enum(INCIDENT_STATUSES) }).nullable(),
  /**
   * Sent from a page without JavaScript, which cannot solve the bot check: staff see it marked
   * (docs/decisions/033-pages-without-javascript.md).
   */
  sentWithoutBotCheck: z.boolean(),
  /** Metres from `near` when the list was asked with `near`, else null. */
  distanceMeters: z.number().nullable(),
  /**
   * The reporter's rating of the responder from the ticket, once given and unless an
   * admin hid it: what a tanod's history shows beside each outcome.
   */
  rating: z.object({ stars: z.number().int().min(1).max(5), comment: z.string(), at: z.string() }).nullable(),
  /**
   * Seen only by admins and its responder (docs/decisions/027-confidential-cases.md): set from a
   * confidential incident type at report time, or by an admin.
   */
  confidential: z.boolean(),
  /**
   * Let in beyond its network address's hourly report limit, as part of an emergency burst
   * (docs/decisions/031-emergency-bursts.md).
   */
  burst: z.boolean(),
  /** How it came in: the web form, a text or a missed call (docs/decisions/032-the-text-line.md). */
  source: z.enum(INCIDENT_SOURCES).optional(),
});
export type IncidentListItem = z.infer<typeof incidentListItemSchema>;

export const incidentListResponseSchema = z.object({
  items: z.array(incidentListItemSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type IncidentListResponse = z.infer<typeof incidentListResponseSchema>;

/** One step of the staff timeline, oldest first. `note` is staff-private. */
export const incidentEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(INCIDENT_EVENT_KINDS),
  at: z.string(),
  /** Who did it; null for the public (the report, the rating) and the system. */
  actor: staffPersonSchema.nullable(),
  /** The tanod concerned (assigned, responding). */
  subject: staffPersonSchema.nullable(),
  /** A note, a reason, a resolution log, an assistance summary. */
  detail: z.string().nullable(),
});
export type IncidentEvent = z.infer<typeof incidentEventSchema>;

export const incidentDetailSchema = incidentListItemSchema.extend({
  /** Staff only. `_id` is the resident's account, null for anonymous reports. */
  reporter: z.object({ _id: z.string().nullable(), name: z.string().nullable(), phoneNumber: z.string().nullable() }),
  resolvedBy: staffPersonSchema.nullable(),
  resolutionLog: z.string().nullable(),
  /** The reason of a rejection or a false alarm. */
  closingReason: z.string().nullable(),
  events: z.array(incidentEventSchema),
  /** Photos from the scene on the staff notes and the resolution log, oldest first. */
  evidence: z.array(evidencePhotoSchema),
});
export type IncidentDetail = z.infer<typeof incidentDetailSchema>;

/** `status` takes one status or several, comma-separated (`resolved,rejected,false_alarm` for the archive). */
const statusListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(z.enum(INCIDENT_STATUSES, zodMessage(msg`Status must be one of ${ph({ allowed: INCIDENT_STATUSES.join(', ') })}`))));

/** `responder`: `me` (the caller) or a tanod's id. */
const responderSchema = z.union([z.literal('me'), z.uuid()], zodMessage(msg`Responder must be "me" or a tanod's id`));

/** `rating`: star counts 1–5 and `none` (not rated), one or several, comma-separated. */
const ratingListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(z.enum(['1', '2', '3', '4', '5', 'none'], zodMessage(msg`Rating must be 1 to 5 or none`))).min(1, zodMessage(msg`Rating must be 1 to 5 or none`)));

const nearSchema = z
  .string()
  .regex(/^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/, zodMessage(msg`Near must be "lat,lng"`))
  .transform((value) => {
    const [lat, lng] = value.split(',').map(Number) as [number, number];
    return { lat, lng };
  })
  .pipe(geoPointSchema);

/**
 * The list's filters (`GET /api/incidents` and `GET /api/incidents/export.csv`).
 * - `from`/`to`: reported time, ISO 8601 with offset; `from` inclusive, `to` exclusive.
 * - `q`: text in description, landmark, address or ticket (case-insensitive).
 * - `near=lat,lng` adds `distanceMeters`; with `radius` (metres) it keeps only those within it.
 * - `sort`: `newest` (default), `oldest`, `nearest` (needs `near`), or `priority`: emergencies
 *   first, then nearest (with `near`) or oldest — the tanod queue.
 * - `responder=me` (or a tanod's id): the incidents that tanod responded to or was assigned and
 *   still holds — a tanod's history. The visibility rules above still apply.
 * - `rating=4,5` or `rating=none`: by the reporter's visible rating of the responder.
 */
export const incidentListQuerySchema = z
  .object({
    status: statusListSchema.optional(),
    classification: z.enum(INCIDENT_CLASSIFICATIONS).optional(),
    type: z.string().trim().min(1).max(80).optional(),
    from: z.iso.datetime({ offset: true, ...zodMessage(msg`From must be a date and time (ISO 8601)`) }).optional(),
    to: z.iso.datetime({ offset: true, ...zodMessage(msg`To must be a date and time (ISO 8601)`) }).optional(),
    q: z.string().trim().max(INCIDENT_HANDLING_LIMITS.searchMaxLength).optional(),
    near: nearSchema.optional(),
    radius: z.coerce.number().positive(zodMessage(msg`Radius must be positive`)).max(INCIDENT_HANDLING_LIMITS.radiusMaxMeters).optional(),
    sort: z.enum(['newest', 'oldest', 'nearest', 'priority']).default('newest'),
    responder: responderSchema.optional(),
    rating: ratingListSchema.optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(INCIDENT_HANDLING_LIMITS.pageMax).default(INCIDENT_HANDLING_LIMITS.pageDefault),
  })
  .superRefine((value, ctx) => {
    if (value.radius !== undefined && !value.near) ctx.addIssue({ code: 'custom', path: ['radius'], message: translate(msg`Radius needs near`) });
    if (value.sort === 'nearest' && !value.near) ctx.addIssue({ code: 'custom', path: ['sort'], message: translate(msg`Sorting by distance needs near`) });
    if (value.from && value.to && new Date(value.from) >= new Date(value.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: translate(msg`To must be after from`) });
    }
  });
export type IncidentListQuery = z.input<typeof incidentListQuerySchema>;
export type IncidentListFilters = z.output<typeof incidentListQuerySchema>;

export const incidentIdParamsSchema = z.object({ id: z.uuid(zodMessage(msg`Unknown incident`)) });

/** `POST /api/incidents/{id}/assign` (admin): the tanod is notified. */
export const assignIncidentRequestSchema = z.object({
  tanodId: z.uuid(zodMessage(msg`Choose a tanod`)),
});

/** `POST /api/incidents/{id}/resolve` (the responder or an admin). */
export const resolveIncidentRequestSchema = z.object({
  log: requiredText(msg`Resolution log`, INCIDENT_HANDLING_LIMITS.logMaxLength),
});

/** `POST /api/incidents/{id}/reject` and `/false-alarm` (admin). Shown on the public ticket. */
export const closeIncidentRequestSchema = z.object({
  reason: requiredText(msg`Reason`, INCIDENT_HANDLING_LIMITS.reasonMaxLength),
});

/** `POST /api/incidents/{id}/notes` (staff who may see the incident): staff-private, never on the ticket. */
export const incidentNoteRequestSchema = z.object({
  text: requiredText(msg`Note`, INCIDENT_HANDLING_LIMITS.noteMaxLength),
});

/** `POST /api/incidents/{id}/confidential` (admin, audited). */
export const incidentConfidentialRequestSchema = z.object({
  confidential: z.boolean(zodMessage(msg`confidential must be true or false`)),
});

/**
 * The column order of `GET /api/incidents/export.csv` (UTF-8 with BOM, CRLF, every field quoted),
 * the names in the language of the request (docs/product.md §12).
 */
export const INCIDENT_CSV_COLUMNS = translatedList([
  msg`Ticket`,
  msg`Type`,
  msg`Classification`,
  msg`Status`,
  msg`Reported at`,
  msg`Occurred at`,
  msg`Description`,
  msg`Address`,
  msg`Landmark`,
  msg`Latitude`,
  msg`Longitude`,
  msg`Reporter`,
  msg`Reporter phone`,
  msg`Responder`,
  msg`Responded at`,
  msg`Resolved at`,
  msg`Resolution log`,
  msg`Reason`,
]);
