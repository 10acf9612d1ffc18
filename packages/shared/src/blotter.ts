import { z } from 'zod';
import { staffPersonSchema } from './incident-handling.ts';
import { msg, ph } from '@lingui/core/macro';
import { fieldMessage, translate, translatedLabels, zodMessage, type FieldLabel } from './i18n.ts';

/**
 * The barangay blotter (docs/decisions/026-the-blotter.md): the hall's numbered logbook of
 * incidents and complaints. Admins record and amend; a tanod reads the entries of incidents they
 * handled; a resident who is a party asks for a certified copy, which an admin approves.
 *
 * Entries are append-only: a correction (or a change of status) is an amendment with its reason,
 * its author and its time. The entry shows its current values, its original and every amendment.
 */

export const BLOTTER_STATUSES = ['recorded', 'referred', 'settled', 'closed'] as const;
export type BlotterStatus = (typeof BLOTTER_STATUSES)[number];

/** Where a referred entry went: the Lupon Tagapamayapa, the police, the VAW desk, social welfare. */
export const BLOTTER_REFERRALS = ['lupon', 'pnp', 'vaw_desk', 'social_welfare', 'other'] as const;
export type BlotterReferral = (typeof BLOTTER_REFERRALS)[number];

export const BLOTTER_STATUS_LABELS = translatedLabels<BlotterStatus>({
  recorded: msg`Recorded`,
  referred: msg`Referred`,
  settled: msg`Settled`,
  closed: msg`Closed`,
});

export const BLOTTER_REFERRAL_LABELS = translatedLabels<BlotterReferral>({
  lupon: msg`Lupon Tagapamayapa`,
  pnp: msg`PNP`,
  vaw_desk: msg`VAW desk`,
  social_welfare: msg`Social welfare`,
  other: msg`Other`,
});

export const HEARING_OUTCOMES = ['settled', 'no_show', 'certificate_to_file_action'] as const;
export type HearingOutcome = (typeof HEARING_OUTCOMES)[number];

export const HEARING_OUTCOME_LABELS = translatedLabels<HearingOutcome>({
  settled: msg`Settled`,
  no_show: msg`No show`,
  certificate_to_file_action: msg`Certificate to file action`,
});

export const COPY_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CopyRequestStatus = (typeof COPY_REQUEST_STATUSES)[number];

export const BLOTTER_LIMITS = {
  placeMax: 300,
  natureMax: 200,
  nameMax: 120,
  addressMax: 300,
  narrativeMax: 8000,
  actionMax: 4000,
  reasonMax: 1000,
  termsMax: 4000,
  partiesMax: 20,
  pageDefault: 30,
  pageMax: 100,
  searchMax: 100,
} as const;

/** The longest length in a message, written as the English text always had it ("8,000"). */
const characters = (max: number) => max.toLocaleString('en-US');

const text = (field: FieldLabel, max: number) =>
  z
    .string(fieldMessage(field, (label) => msg`${label} is required`))
    .trim()
    .min(1, fieldMessage(field, (label) => msg`${label} is required`))
    .max(max, fieldMessage(field, (label) => msg`${label} must be at most ${ph({ max: characters(max) })} characters`));

const optionalText = (field: FieldLabel, max: number) =>
  z
    .string()
    .trim()
    .max(max, fieldMessage(field, (label) => msg`${label} must be at most ${ph({ max: characters(max) })} characters`))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** A phone as typed; the server keeps it in E.164 (Philippine numbers by default) or refuses it. */
const phoneInput = z.string().trim().max(32, zodMessage(msg`Enter a valid phone number`)).optional().nullable().transform((value) => (value ? value : null));

export const blotterPartySchema = z.object({
  name: text(msg`Name`, BLOTTER_LIMITS.nameMax),
  address: optionalText(msg`Address`, BLOTTER_LIMITS.addressMax),
  phone: phoneInput,
});

export const blotterPartyOutSchema = z.object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable() });
export type BlotterParty = z.infer<typeof blotterPartyOutSchema>;

const isoDateTime = (field: FieldLabel) =>
  z.iso.datetime({ offset: true, ...fieldMessage(field, (label) => msg`${label} must be an ISO 8601 date and time`) });

const entryFields = {
  occurredAt: isoDateTime('occurredAt'),
  place: text(msg`Place`, BLOTTER_LIMITS.placeMax),
  nature: text(msg`Nature`, BLOTTER_LIMITS.natureMax),
  complainants: z
    .array(blotterPartySchema)
    .min(1, zodMessage(msg`Name at least one complainant`))
    .max(BLOTTER_LIMITS.partiesMax, zodMessage(msg`At most ${ph({ max: BLOTTER_LIMITS.partiesMax })} complainants`)),
  respondents: z.array(blotterPartySchema).max(BLOTTER_LIMITS.partiesMax, zodMessage(msg`At most ${ph({ max: BLOTTER_LIMITS.partiesMax })} respondents`)),
  narrative: text(msg`Narrative`, BLOTTER_LIMITS.narrativeMax),
  actionTaken: text(msg`Action taken`, BLOTTER_LIMITS.actionMax),
  status: z.enum(BLOTTER_STATUSES, zodMessage(msg`status must be one of ${ph({ allowed: BLOTTER_STATUSES.join(', ') })}`)),
  /** Required when the status is `referred`, and only then. */
  referredTo: z.enum(BLOTTER_REFERRALS, zodMessage(msg`referredTo must be one of ${ph({ allowed: BLOTTER_REFERRALS.join(', ') })}`)).nullable().optional(),
};

/** A referral goes with the status `referred`, and only with it. */
function checkReferral(value: { status?: BlotterStatus | undefined; referredTo?: BlotterReferral | null | undefined }, ctx: z.RefinementCtx) {
  if (value.status === 'referred' && !value.referredTo) {
    ctx.addIssue({ code: 'custom', path: ['referredTo'], message: translate(msg`Say where the entry was referred`) });
  }
  if (value.status !== undefined && value.status !== 'referred' && value.referredTo) {
    ctx.addIssue({ code: 'custom', path: ['referredTo'], message: translate(msg`Only a referred entry names where it was referred`) });
  }
}

/** `POST /api/blotter` (admin). */
export const createBlotterEntrySchema = z
  .object({ incidentId: z.uuid(zodMessage(msg`incidentId must be an incident id`)).optional().nullable(), ...entryFields })
  .superRefine(checkReferral);
export type CreateBlotterEntry = z.input<typeof createBlotterEntrySchema>;

/** The fields an amendment may change: every field of the entry but its incident and number. */
export const blotterChangesSchema = z
  .object(entryFields)
  .partial()
  .superRefine(checkReferral)
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), zodMessage(msg`Change at least one field`));

/** `POST /api/blotter/{id}/amendments` (admin). */
export const amendBlotterEntrySchema = z.object({
  reason: text(msg`Reason`, BLOTTER_LIMITS.reasonMax),
  changes: blotterChangesSchema,
});
export type AmendBlotterEntry = z.input<typeof amendBlotterEntrySchema>;

/**
 * `POST /api/blotter/{id}/party-phones` (admin): a phone on the entry was mistyped, or is no longer
 * the party's (a recycled number). Every party with `phone` gets `replacement` (empty or null
 * removes it), and `phone` no longer sees the entry among "My blotter entries" nor asks for its
 * copy. A former party's phone (dropped by an amendment) is withdrawn the same way.
 */
export const amendPartyPhoneSchema = z.object({
  reason: text(msg`Reason`, BLOTTER_LIMITS.reasonMax),
  phone: z
    .string(zodMessage(msg`Enter a valid phone number`))
    .trim()
    .min(1, zodMessage(msg`Enter a valid phone number`))
    .max(32, zodMessage(msg`Enter a valid phone number`)),
  replacement: phoneInput,
});
export type AmendPartyPhone = z.input<typeof amendPartyPhoneSchema>;

/** `POST /api/blotter/{id}/confidential` (admin), as for incidents. */
export const blotterConfidentialSchema = z.object({ confidential: z.boolean(zodMessage(msg`confidential must be true or false`)) });

/** What an entry holds, as recorded or after its amendments. */
export const blotterValuesSchema = z.object({
  occurredAt: z.string(),
  place: z.string(),
  nature: z.string(),
  complainants: z.array(blotterPartyOutSchema),
  respondents: z.array(blotterPartyOutSchema),
  narrative: z.string(),
  actionTaken: z.string(),
  status: z.enum(BLOTTER_STATUSES),
  referredTo: z.enum(BLOTTER_REFERRALS).nullable(),
});
export type BlotterValues = z.infer<typeof blotterValuesSchema>;

export const blotterAmendmentSchema = z.object({
  _id: z.string(),
  /** 1 for the first amendment of the entry, then 2, 3… */
  sequence: z.number(),
  reason: z.string(),
  /** The fields it changed, before and after. */
  before: blotterValuesSchema.partial(),
  after: blotterValuesSchema.partial(),
  author: staffPersonSchema.nullable(),
  at: z.string(),
});
export type BlotterAmendment = z.infer<typeof blotterAmendmentSchema>;

export const hearingSchema = z.object({
  _id: z.string(),
  entryId: z.string(),
  entryNumber: z.string(),
  entryNature: z.string(),
  scheduledAt: z.string(),
  mediator: staffPersonSchema.nullable(),
  outcome: z.enum(HEARING_OUTCOMES).nullable(),
  terms: z.string().nullable(),
  outcomeAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Hearing = z.infer<typeof hearingSchema>;

export const copyRequestSchema = z.object({
  _id: z.string(),
  entryId: z.string(),
  entryNumber: z.string(),
  status: z.enum(COPY_REQUEST_STATUSES),
  /** Null once the resident deleted their account; the request itself is kept for the record. */
  requester: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CopyRequest = z.infer<typeof copyRequestSchema>;

export const blotterEntrySchema = blotterValuesSchema.extend({
  _id: z.string(),
  /** `2026-0001`: the year it was recorded in the barangay's time zone, then its place in that year. */
  number: z.string(),
  incident: z.object({ _id: z.string(), ticket: z.string() }).nullable(),
  confidential: z.boolean(),
  recordedBy: staffPersonSchema.nullable(),
  recordedAt: z.string(),
  updatedAt: z.string(),
  /** The entry as first recorded, never changed. */
  original: blotterValuesSchema,
  amendments: z.array(blotterAmendmentSchema),
  hearings: z.array(hearingSchema),
  /** Admins only: the residents' requests for a certified copy (empty for tanods). */
  copyRequests: z.array(copyRequestSchema),
  /**
   * The phones that see the entry among "My blotter entries" and may ask for its copy: every phone
   * the entry ever named, less those an admin withdrew (`POST /api/blotter/{id}/party-phones`).
   */
  partyPhones: z.array(z.string()),
});
export type BlotterEntry = z.infer<typeof blotterEntrySchema>;

export const blotterListItemSchema = z.object({
  _id: z.string(),
  number: z.string(),
  occurredAt: z.string(),
  place: z.string(),
  nature: z.string(),
  complainants: z.array(z.string()),
  respondents: z.array(z.string()),
  status: z.enum(BLOTTER_STATUSES),
  referredTo: z.enum(BLOTTER_REFERRALS).nullable(),
  confidential: z.boolean(),
  incidentTicket: z.string().nullable(),
  amendmentCount: z.number(),
  recordedAt: z.string(),
});
export type BlotterListItem = z.infer<typeof blotterListItemSchema>;

export const blotterListQuerySchema = z
  .object({
    /** An entry number (`2026-0004` or `4`), a party's name, or a place. */
    q: z.string().trim().max(BLOTTER_LIMITS.searchMax, zodMessage(msg`q must be at most ${ph({ max: BLOTTER_LIMITS.searchMax })} characters`)).optional(),
    /** Calendar days (`YYYY-MM-DD`) of the occurrence, in the barangay's time zone, both included. */
    from: z.iso.date(zodMessage(msg`from must be a date (YYYY-MM-DD)`)).optional(),
    to: z.iso.date(zodMessage(msg`to must be a date (YYYY-MM-DD)`)).optional(),
    status: z.enum(BLOTTER_STATUSES, zodMessage(msg`status must be one of ${ph({ allowed: BLOTTER_STATUSES.join(', ') })}`)).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(BLOTTER_LIMITS.pageMax).default(BLOTTER_LIMITS.pageDefault),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], ...zodMessage(msg`to must not be before from`) });

export const blotterListResponseSchema = z.object({ items: z.array(blotterListItemSchema), nextCursor: z.string().nullable() });
export type BlotterListResponse = z.infer<typeof blotterListResponseSchema>;

/** `GET /api/blotter/draft?incidentId=` (admin): "Record in blotter" from an incident, prefilled. */
export const blotterDraftQuerySchema = z.object({ incidentId: z.uuid(zodMessage(msg`incidentId must be an incident id`)) });
export const blotterDraftSchema = z.object({
  incidentId: z.string(),
  incidentTicket: z.string(),
  occurredAt: z.string(),
  place: z.string(),
  nature: z.string(),
  complainants: z.array(blotterPartyOutSchema),
  respondents: z.array(blotterPartyOutSchema),
  narrative: z.string(),
  actionTaken: z.string(),
  status: z.enum(BLOTTER_STATUSES),
  /** An entry already recorded from this incident, if any: the form warns before a second one. */
  existingEntry: z.object({ _id: z.string(), number: z.string() }).nullable(),
});
export type BlotterDraft = z.infer<typeof blotterDraftSchema>;

/** `POST /api/blotter/{id}/hearings` (admin; the entry must be referred to the Lupon). */
export const scheduleHearingSchema = z.object({
  scheduledAt: isoDateTime('scheduledAt'),
  mediatorId: z.uuid(zodMessage(msg`mediatorId must be a user id`)),
});
export type ScheduleHearing = z.input<typeof scheduleHearingSchema>;

/** `POST /api/blotter/hearings/{id}/outcome` (admin). */
export const hearingOutcomeSchema = z
  .object({
    outcome: z.enum(HEARING_OUTCOMES, zodMessage(msg`outcome must be one of ${ph({ allowed: HEARING_OUTCOMES.join(', ') })}`)),
    terms: optionalText(msg`Terms`, BLOTTER_LIMITS.termsMax),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'settled' && !value.terms) ctx.addIssue({ code: 'custom', path: ['terms'], message: translate(msg`Write the terms of the settlement`) });
  });
export type HearingOutcomeInput = z.input<typeof hearingOutcomeSchema>;

/** `GET /api/blotter/hearings?from=&to=` (admin): the calendar of hearings, by day in the barangay's zone. */
export const hearingListQuerySchema = z
  .object({ from: z.iso.date(zodMessage(msg`from must be a date (YYYY-MM-DD)`)), to: z.iso.date(zodMessage(msg`to must be a date (YYYY-MM-DD)`)) })
  .refine((query) => query.from <= query.to, { path: ['to'], ...zodMessage(msg`to must not be before from`) });
export const hearingListResponseSchema = z.object({ items: z.array(hearingSchema) });

/** `POST /api/blotter/copy-requests/{id}/decision` (admin). */
export const copyDecisionSchema = z
  .object({ approve: z.boolean(zodMessage(msg`approve must be true or false`)), reason: optionalText(msg`Reason`, BLOTTER_LIMITS.reasonMax) })
  .superRefine((value, ctx) => {
    if (!value.approve && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: translate(msg`Say why the copy is refused`) });
  });

export const copyRequestListQuerySchema = z.object({
  status: z.enum(COPY_REQUEST_STATUSES).default('pending'),
});
export const copyRequestListResponseSchema = z.object({ items: z.array(copyRequestSchema) });

/** What a resident sees of an entry they are a party to: no narrative, no other party's contact. */
export const myBlotterEntrySchema = z.object({
  _id: z.string(),
  number: z.string(),
  nature: z.string(),
  occurredAt: z.string(),
  status: z.enum(BLOTTER_STATUSES),
  /** Complainant or respondent. */
  role: z.enum(['complainant', 'respondent']),
  copyRequest: z
    .object({ _id: z.string(), status: z.enum(COPY_REQUEST_STATUSES), reason: z.string().nullable(), requestedAt: z.string(), decidedAt: z.string().nullable() })
    .nullable(),
});
export type MyBlotterEntry = z.infer<typeof myBlotterEntrySchema>;
export const myBlotterEntriesSchema = z.object({ items: z.array(myBlotterEntrySchema) });

export const blotterIdParamsSchema = z.object({ id: z.uuid(zodMessage(msg`Not a blotter entry id`)) });
