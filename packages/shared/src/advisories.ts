import { z } from 'zod';
import { isoDateTime } from './patrols.ts';
import { msg, ph } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/** Advisories: the barangay's warnings to residents (typhoon, flood, curfew), decision 028. */

export const ADVISORY_SEVERITIES = ['info', 'warning', 'danger'] as const;
export type AdvisorySeverity = (typeof ADVISORY_SEVERITIES)[number];

export const ADVISORY_LIMITS = { titleMaxLength: 120, bodyMaxLength: 1000, areasMax: 50 } as const;

/** What anyone may read of an advisory (`GET /api/public/advisories`). */
export const publicAdvisorySchema = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  severity: z.enum(ADVISORY_SEVERITIES),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** The patrol areas it concerns, by name; empty for the whole barangay. */
  areas: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type PublicAdvisory = z.infer<typeof publicAdvisorySchema>;

export const publicAdvisoryListSchema = z.object({ items: z.array(publicAdvisorySchema) });
export type PublicAdvisoryList = z.infer<typeof publicAdvisoryListSchema>;

/**
 * Where a draft advisory came from: an alert of an outside Common Alerting Protocol feed (its
 * sender's name as the alert gives it, e.g. PAGASA, and the CAP identifiers of its first message).
 * docs/decisions/034-the-integration-kit.md, "CAP in".
 */
export const advisoryOriginSchema = z.object({
  kind: z.literal('cap'),
  senderName: z.string(),
  sender: z.string(),
  identifier: z.string(),
  sent: z.string(),
});
export type AdvisoryOrigin = z.infer<typeof advisoryOriginSchema>;

/** The admins' view: every advisory, past and future, with who wrote it and whether it was sent. */
export const advisorySchema = publicAdvisorySchema.extend({
  /**
   * draft (not published yet: seen by admins only, whatever its times), scheduled (starts later),
   * active, or ended. Derived from the clock and the draft flag, never stored.
   */
  state: z.enum(['draft', 'scheduled', 'active', 'ended']),
  /** Where a draft read from an outside CAP feed came from; null for an admin's own advisory. */
  origin: advisoryOriginSchema.nullable(),
  createdBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** When the opted-in residents' alerts were written (at the start); null until then. */
  announcedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Advisory = z.infer<typeof advisorySchema>;

export const advisoryListSchema = z.object({ items: z.array(advisorySchema) });
export type AdvisoryList = z.infer<typeof advisoryListSchema>;

const advisoryFields = {
  title: z
    .string(zodMessage(msg`Title is required`))
    .trim()
    .min(1, zodMessage(msg`Title is required`))
    .max(ADVISORY_LIMITS.titleMaxLength, zodMessage(msg`Title must be at most ${ph({ max: ADVISORY_LIMITS.titleMaxLength })} characters`)),
  body: z
    .string(zodMessage(msg`Write what residents should know`))
    .trim()
    .min(1, zodMessage(msg`Write what residents should know`))
    .max(ADVISORY_LIMITS.bodyMaxLength, zodMessage(msg`At most ${ph({ max: ADVISORY_LIMITS.bodyMaxLength })} characters`)),
  severity: z.enum(ADVISORY_SEVERITIES, zodMessage(msg`Choose info, warning or danger`)),
  startsAt: isoDateTime(msg`Start`),
  endsAt: isoDateTime(msg`End`).nullable().optional(),
  patrolAreaIds: z.array(z.uuid(zodMessage(msg`Unknown patrol area`))).max(ADVISORY_LIMITS.areasMax, zodMessage(msg`At most ${ph({ max: ADVISORY_LIMITS.areasMax })} areas`)).optional(),
};

const endAfterStart = (body: { startsAt?: string; endsAt?: string | null }) =>
  !body.startsAt || !body.endsAt || new Date(body.endsAt).getTime() > new Date(body.startsAt).getTime();
const endAfterStartIssue = { ...zodMessage(msg`The end must be after the start`), path: ['endsAt'] };

/** `POST /api/advisories` (admin). */
export const createAdvisoryRequestSchema = z.object(advisoryFields).refine(endAfterStart, endAfterStartIssue);
export type CreateAdvisoryRequest = z.input<typeof createAdvisoryRequestSchema>;

/** `PATCH /api/advisories/{id}` (admin): only the fields sent change; `endsAt: null` removes the end. */
export const updateAdvisoryRequestSchema = z
  .object(advisoryFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, zodMessage(msg`Change at least one field`))
  .refine(endAfterStart, endAfterStartIssue);
export type UpdateAdvisoryRequest = z.input<typeof updateAdvisoryRequestSchema>;

/** A signed-in resident's choice of how advisories reach them (`GET`/`PUT /api/residents/me/advisory-alerts`). */
export const advisoryOptInSchema = z.object({
  /** By web push, to every browser where the resident turned alerts on. */
  push: z.boolean(),
  /** By SMS, to the account's mobile number. */
  sms: z.boolean(),
});
export type AdvisoryOptIn = z.infer<typeof advisoryOptInSchema>;

// --- Privacy (decision 028) ---------------------------------------------------------------------

/** `DELETE /api/residents/me`: the PIN again, so a borrowed phone left signed in cannot erase the account. */
export const deleteMyAccountRequestSchema = z.object({
  pin: z.string(zodMessage(msg`Enter your PIN`)).regex(/^\d{6}$/, zodMessage(msg`Enter your 6-digit PIN`)),
});
export type DeleteMyAccountRequest = z.infer<typeof deleteMyAccountRequestSchema>;
