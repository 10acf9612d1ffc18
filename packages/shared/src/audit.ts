import { z } from 'zod';
import { msg, ph } from '@lingui/core/macro';
import { translatedLabels, zodMessage } from './i18n.ts';

/**
 * What an audit entry records was done: one verb, the same in every module. `entity` says what it
 * was done to, so the verb never repeats it.
 */
export const AUDIT_ACTION_LABELS = translatedLabels({
  create: msg`Created`,
  update: msg`Updated`,
  update_photo: msg`Changed the photo`,
  update_boundary: msg`Redrew the boundary`,
  delete: msg`Deleted`,
  retire: msg`Retired`,
  deactivate: msg`Deactivated`,
  reactivate: msg`Reactivated`,
  reset_password: msg`Reset the password`,
  approve: msg`Approved`,
  deploy: msg`Marked deployed`,
  reject: msg`Rejected`,
  cancel: msg`Cancelled`,
  complete: msg`Completed`,
  issue: msg`Lent out`,
  receive: msg`Received back`,
  assign: msg`Assigned`,
  resolve: msg`Resolved`,
  false_alarm: msg`Marked a false alarm`,
  hide: msg`Hid`,
  unhide: msg`Showed again`,
  export: msg`Downloaded`,
  erase: msg`Erased personal data`,
  view: msg`Viewed`,
  mark_confidential: msg`Marked confidential`,
  unmark_confidential: msg`Marked not confidential`,
  revoke: msg`Revoked`,
  reply: msg`Replied`,
  dismiss: msg`Dismissed`,
  block: msg`Blocked the number`,
  unblock: msg`Unblocked the number`,
  rotate_secret: msg`Rotated the secret`,
});
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** What an audit entry can be about, with the words the log shows for it. */
export const AUDIT_ENTITY_LABELS = translatedLabels({
  user: msg`Staff account`,
  settings: msg`Barangay settings`,
  incident: msg`Incident`,
  assistance_request: msg`Backup request`,
  schedule: msg`Patrol schedule`,
  patrol_area: msg`Patrol area`,
  inventory_item: msg`Equipment`,
  loan: msg`Loan`,
  vehicle: msg`Vehicle`,
  trip: msg`Vehicle trip`,
  camera: msg`Camera`,
  evaluation: msg`Rating`,
  performance: msg`Performance report`,
  advisory: msg`Advisory`,
  resident: msg`Resident account`,
  blotter_entry: msg`Blotter entry`,
  blotter_hearing: msg`Lupon hearing`,
  blotter_copy_request: msg`Certified copy request`,
  sms_thread: msg`Text-line thread`,
  api_key: msg`API key`,
  webhook: msg`Webhook`,
});
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as AuditEntity[];

/** The audit log: who changed what, read by the supadmin. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z
    .object({ _id: z.string(), firstName: z.string(), lastName: z.string(), userType: z.string(), username: z.string().nullable() })
    .nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z
  .object({
    actorId: z.uuid(zodMessage(msg`actorId must be a user id`)).optional(),
    entity: z.enum(AUDIT_ENTITIES, zodMessage(msg`entity must be one of ${ph({ allowed: AUDIT_ENTITIES.join(', ') })}`)).optional(),
    action: z.enum(AUDIT_ACTIONS, zodMessage(msg`action must be one of ${ph({ allowed: AUDIT_ACTIONS.join(', ') })}`)).optional(),
    from: z.iso.datetime({ offset: true, ...zodMessage(msg`from must be an ISO 8601 date and time`) }).optional(),
    to: z.iso.datetime({ offset: true, ...zodMessage(msg`to must be an ISO 8601 date and time`) }).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], ...zodMessage(msg`to must not be before from`) });

export const auditListSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditList = z.infer<typeof auditListSchema>;
