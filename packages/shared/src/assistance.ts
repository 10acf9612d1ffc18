import { z } from 'zod';
import { geoPointSchema, staffPersonSchema } from './incident-handling.ts';
import { INCIDENT_CLASSIFICATIONS } from './incidents.ts';
import { msg, ph } from '@lingui/core/macro';
import { fieldMessage, zodMessage, type FieldLabel } from './i18n.ts';

/**
 * Backup (assistance) requests (docs/product.md §4.5). Staff only (401 without a token, 403 for
 * residents). A tanod asks from the active incident or the patrol map; admins and the on-duty
 * tanods within 1 km (all on-duty tanods when no positions are known) are notified. An admin
 * approves (dispatching tanods, recording an outside agency) or rejects with a reason; deployed
 * and completed are set by an admin or a dispatched tanod; the requester may cancel while open.
 * Every step emits `assistance:updated` after commit (`assistance:created` for a new one), and the
 * requester and dispatched tanods hear it too.
 *
 * Writes answer 200 (201 for the request) with the request. A step that does not fit the status
 * answers 409 `CONFLICT` with `details.status`.
 */

export const ASSISTANCE_STATUSES = ['pending', 'approved', 'rejected', 'deployed', 'completed', 'cancelled'] as const;
export type AssistanceStatus = (typeof ASSISTANCE_STATUSES)[number];

/** The statuses in which a request still needs attention. */
export const OPEN_ASSISTANCE_STATUSES = ['pending', 'approved', 'deployed'] as const satisfies readonly AssistanceStatus[];

export const ASSISTANCE_AGENCIES = ['PNP', 'BFP', 'Ambulance', 'Other'] as const;
export type AssistanceAgency = (typeof ASSISTANCE_AGENCIES)[number];

export const ASSISTANCE_LIMITS = {
  reasonMaxLength: 500,
  agencyReferenceMaxLength: 120,
  dispatchMax: 20,
  /** docs/product.md §4.5: on-duty tanods this close to the request are notified. */
  notifyRadiusMeters: 1000,
  listMax: 200,
} as const;

const reasonText = (field: FieldLabel) =>
  z
    .string(fieldMessage(field, (label) => msg`${label} is required`))
    .trim()
    .min(1, fieldMessage(field, (label) => msg`${label} is required`))
    .max(
      ASSISTANCE_LIMITS.reasonMaxLength,
      fieldMessage(field, (label) => msg`${label} must be at most ${ph({ max: ASSISTANCE_LIMITS.reasonMaxLength })} characters`),
    );

/** `POST /api/assistance` (tanod): one tap sends the current position. */
export const createAssistanceRequestSchema = z.object({
  /** The incident it is about; omit from the patrol map. Must be one the tanod may see. */
  incidentId: z.uuid(zodMessage(msg`Unknown incident`)).optional(),
  location: geoPointSchema.extend({ accuracy: z.number().min(0).max(100_000).optional() }),
  reason: reasonText(msg`Reason`),
});
export type CreateAssistanceRequest = z.infer<typeof createAssistanceRequestSchema>;

/** `POST /api/assistance/{id}/approve` (admin). */
export const approveAssistanceRequestSchema = z.object({
  /** Active tanods to dispatch (each is notified). */
  tanodIds: z.array(z.uuid(zodMessage(msg`Unknown tanod`))).max(ASSISTANCE_LIMITS.dispatchMax).optional(),
  /** An outside agency contacted, with its reference (blotter or call number). */
  agency: z
    .object({
      name: z.enum(ASSISTANCE_AGENCIES, zodMessage(msg`Agency must be one of ${ph({ allowed: ASSISTANCE_AGENCIES.join(', ') })}`)),
      reference: z
        .string()
        .trim()
        .max(ASSISTANCE_LIMITS.agencyReferenceMaxLength, zodMessage(msg`Reference must be at most ${ph({ max: ASSISTANCE_LIMITS.agencyReferenceMaxLength })} characters`))
        .optional()
        .transform((value) => (value ? value : undefined)),
    })
    .optional(),
});
export type ApproveAssistanceRequest = z.input<typeof approveAssistanceRequestSchema>;

/** `POST /api/assistance/{id}/reject` (admin). */
export const rejectAssistanceRequestSchema = z.object({ reason: reasonText(msg`Reason`) });

/**
 * `GET /api/assistance`: admins see every request; a tanod sees their own, those they were
 * dispatched to, and every open one (backup is the team's business). Newest first, at most 200.
 * `status` takes one status or several, comma-separated.
 */
export const assistanceListQuerySchema = z.object({
  status: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(z.enum(ASSISTANCE_STATUSES, zodMessage(msg`Status must be one of ${ph({ allowed: ASSISTANCE_STATUSES.join(', ') })}`))))
    .optional(),
  incidentId: z.uuid(zodMessage(msg`Unknown incident`)).optional(),
});
export type AssistanceListQuery = z.input<typeof assistanceListQuerySchema>;

export const assistanceRequestSchema = z.object({
  _id: z.string(),
  incident: z
    .object({ _id: z.string(), ticket: z.string(), type: z.string(), classification: z.enum(INCIDENT_CLASSIFICATIONS) })
    .nullable(),
  requester: staffPersonSchema,
  location: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable() }),
  reason: z.string(),
  status: z.enum(ASSISTANCE_STATUSES),
  decidedBy: staffPersonSchema.nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  dispatchedTanods: z.array(staffPersonSchema),
  agency: z.object({ name: z.enum(ASSISTANCE_AGENCIES), reference: z.string().nullable() }).nullable(),
  deployedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssistanceRequest = z.infer<typeof assistanceRequestSchema>;

export const assistanceListResponseSchema = z.object({ items: z.array(assistanceRequestSchema) });
export type AssistanceListResponse = z.infer<typeof assistanceListResponseSchema>;

export const assistanceIdParamsSchema = z.object({ id: z.uuid(zodMessage(msg`Unknown request`)) });
