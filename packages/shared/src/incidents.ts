import { z } from 'zod';
import { botCheckPayloadSchema } from './account.ts';
import { INCIDENT_LIMITS } from './limits.ts';
import { msg, ph } from '@lingui/core/macro';
import { fieldMessage, translate, zodMessage, type FieldLabel } from './i18n.ts';

/**
 * Incidents on the residents' side: photo upload, the report, the ticket lookup.
 * Staff-side shapes (claim, resolve, lists) come with the incident-handling issue.
 */

export const INCIDENT_CLASSIFICATIONS = ['normal', 'emergency'] as const;
export type IncidentClassification = (typeof INCIDENT_CLASSIFICATIONS)[number];

/** docs/product.md §3. Nothing is deleted: a false alarm is a status. */
export const INCIDENT_STATUSES = ['pending', 'in_progress', 'resolved', 'rejected', 'false_alarm'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** docs/product.md §3: the staff timeline. `note` (and assistance steps) are never shown to the public. */
export const INCIDENT_EVENT_KINDS = [
  'created',
  'assigned',
  'responded',
  'note',
  'assistance_requested',
  'assistance_decided',
  'resolved',
  'rejected',
  'false_alarm',
  'rated',
  /** The responder was deactivated: the incident is pending again with no responder. */
  'returned_to_queue',
] as const;

/**
 * A random id the web creates once per browser and keeps in localStorage (key `deviceId`); it is
 * sent with reports and ratings so limits apply per device. The server stores only its hash.
 */
export const deviceIdSchema = z
  .string(zodMessage(msg`Device id is required`))
  .trim()
  .min(INCIDENT_LIMITS.deviceIdMinLength, zodMessage(msg`Device id is invalid`))
  .max(INCIDENT_LIMITS.deviceIdMaxLength, zodMessage(msg`Device id is invalid`))
  .regex(/^[A-Za-z0-9_-]+$/, zodMessage(msg`Device id is invalid`));

const optionalText = (max: number, field: FieldLabel) =>
  z
    .string()
    .trim()
    .max(max, fieldMessage(field, (label) => msg`${label} must be at most ${max} characters`))
    .optional()
    .transform((value) => (value ? value : undefined));

export const reportLocationSchema = z.object({
  /** Latitude in degrees (WGS 84). */
  lat: z.number(zodMessage(msg`Choose the place on the map`)).min(-90).max(90),
  /** Longitude in degrees (WGS 84). */
  lng: z.number(zodMessage(msg`Choose the place on the map`)).min(-180).max(180),
  /** The GPS accuracy radius in metres, when the position came from the device. */
  accuracy: z.number().min(0).max(100_000).optional(),
});
export type ReportLocation = z.infer<typeof reportLocationSchema>;

/** `POST /api/public/photos` (multipart, field `photos`, up to 3 files) answers with their ids. */
export const uploadedPhotosSchema = z.object({
  photos: z.array(
    z.object({
      /** Pass it in `photoIds` of the report within 1 hour. */
      id: z.string(),
    }),
  ),
});
export type UploadedPhotos = z.infer<typeof uploadedPhotosSchema>;

/** `POST /api/public/incidents`: a report, anonymous or by a signed-in resident (bearer token). */
export const createIncidentRequestSchema = z
  .object({
    /** One of the barangay's incident types (`GET /api/settings/public` → `incidentTypes[].name`). */
    type: z.string(zodMessage(msg`Choose the type of incident`)).trim().min(1, zodMessage(msg`Choose the type of incident`)).max(80),
    /** `emergency` for the one-tap emergency report; tickets then start with `ER-`. */
    classification: z.enum(INCIDENT_CLASSIFICATIONS, zodMessage(msg`Choose normal or emergency`)),
    /** What happened, up to 1,000 characters. Required for normal reports; optional for emergencies. */
    description: z
      .string()
      .trim()
      .max(
        INCIDENT_LIMITS.descriptionMaxLength,
        zodMessage(msg`Description must be at most ${ph({ max: INCIDENT_LIMITS.descriptionMaxLength })} characters`),
      )
      .default(''),
    /** When it happened, ISO 8601 with an offset; not in the future. The emergency screen sends now. */
    occurredAt: z.iso.datetime({ offset: true, ...zodMessage(msg`Enter when it happened`) }),
    /** Where: the GPS position or a pin on the map; must be inside the barangay boundary when one is set. */
    location: reportLocationSchema,
    /** A landmark note ("beside the chapel"). */
    landmark: optionalText(INCIDENT_LIMITS.landmarkMaxLength, msg`Landmark`),
    /** The address, typed or reverse-geocoded and edited. */
    address: optionalText(INCIDENT_LIMITS.addressMaxLength, msg`Address`),
    /** Optional for anonymous reports; a signed-in resident's name is used when omitted. */
    reporterName: optionalText(INCIDENT_LIMITS.reporterNameMaxLength, msg`Name`),
    /** Optional; gets an SMS with the ticket. Any Philippine format; stored in E.164. */
    reporterPhone: optionalText(32, msg`Phone number`),
    /** Ids from `POST /api/public/photos`, uploaded within the last hour and not used yet. */
    photoIds: z
      .array(z.uuid(zodMessage(msg`Upload the photos again`)))
      .max(INCIDENT_LIMITS.photosMax, zodMessage(msg`At most ${ph({ max: INCIDENT_LIMITS.photosMax })} photos`))
      .default([]),
    /** The solved bot-check (see `GET /api/bot-check/config`). */
    botCheck: botCheckPayloadSchema,
    /** The browser's random device id (see `deviceIdSchema`); the `X-Device-Id` header works too. */
    deviceId: deviceIdSchema.optional(),
    /**
     * A UUID the browser made for this report. Sending the same `clientId` again (the answer was
     * lost, or the report waited on the phone for a signal) answers the first report's ticket and
     * stores nothing new; the bot-check is not spent and the per-device limit does not count it.
     */
    clientId: z.uuid(zodMessage(msg`clientId must be a UUID`)).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.classification === 'normal' && !value.description) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: translate(msg`Describe what happened`) });
    }
    if (value.photoIds.length !== new Set(value.photoIds).size) {
      ctx.addIssue({ code: 'custom', path: ['photoIds'], message: translate(msg`The same photo is attached twice`) });
    }
  });
export type CreateIncidentRequest = z.input<typeof createIncidentRequestSchema>;
export type CreateIncidentInput = z.output<typeof createIncidentRequestSchema>;

export const createIncidentResponseSchema = z.object({
  /** The ticket to keep, e.g. `IR-7K3F-9QXM`. */
  ticket: z.string(),
});
export type CreateIncidentResponse = z.infer<typeof createIncidentResponseSchema>;

/** One public step of a ticket's timeline. */
export const publicTimelineEntrySchema = z.object({
  /**
   * reported → responding → resolved | rejected | false_alarm; `rated` once the reporter rated;
   * `requeued` when the responding tanod left the force and the report waits for another.
   */
  kind: z.enum(['reported', 'responding', 'requeued', 'resolved', 'rejected', 'false_alarm', 'rated']),
  /** When, ISO 8601. */
  at: z.string(),
  /** For `responding`: the tanod's first name only. */
  tanodFirstName: z.string().nullable(),
  /** For `rejected` and `false_alarm`: the reason staff gave. */
  reason: z.string().nullable(),
});
export type PublicTimelineEntry = z.infer<typeof publicTimelineEntrySchema>;

/** `GET /api/public/tickets/{ticket}`: what anyone holding the ticket may see. Never reporter data. */
export const publicTicketSchema = z.object({
  /** The canonical ticket. */
  ticket: z.string(),
  type: z.string(),
  classification: z.enum(INCIDENT_CLASSIFICATIONS),
  status: z.enum(INCIDENT_STATUSES),
  /** When it was reported, ISO 8601. */
  reportedAt: z.string(),
  /** When it happened, as the reporter said. */
  occurredAt: z.string(),
  /** When anything last changed. */
  updatedAt: z.string(),
  /** Coarse location: the texts when given; otherwise the point rounded to about 100 m. Never the exact point. */
  location: z.object({
    address: z.string().nullable(),
    landmark: z.string().nullable(),
    /** Only when there is no address or landmark: the point rounded to 3 decimals (~110 m). */
    approximate: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  }),
  /** Oldest first. */
  timeline: z.array(publicTimelineEntrySchema),
  /** The responder's first name, once someone responded. */
  responderFirstName: z.string().nullable(),
  /**
   * A confidential case (docs/decisions/027-confidential-cases.md): the ticket shows only its status
   * and the times of its steps; type, place and names are withheld.
   */
  confidential: z.boolean(),
  /** True when resolved with a responder and not rated yet: the page offers the rating form. */
  canRate: z.boolean(),
});
export type PublicTicket = z.infer<typeof publicTicketSchema>;

/** One of a signed-in resident's own reports (`GET /api/residents/me/reports`). */
export const myReportSchema = z.object({
  _id: z.string(),
  ticket: z.string(),
  type: z.string(),
  classification: z.enum(INCIDENT_CLASSIFICATIONS),
  status: z.enum(INCIDENT_STATUSES),
  description: z.string(),
  /** ISO 8601. */
  reportedAt: z.string(),
  occurredAt: z.string(),
  updatedAt: z.string(),
  address: z.string().nullable(),
  landmark: z.string().nullable(),
  /** The resident's own report, so the exact point is theirs to see. */
  location: z.object({ lat: z.number(), lng: z.number() }),
  photoCount: z.number(),
  canRate: z.boolean(),
});
export type MyReport = z.infer<typeof myReportSchema>;

export const myReportListSchema = z.object({
  /** Newest first (at most 200). */
  reports: z.array(myReportSchema),
});
export type MyReportList = z.infer<typeof myReportListSchema>;
