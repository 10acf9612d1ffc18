import { z } from 'zod';

/**
 * What an audit entry records was done: one verb, the same in every module. `entity` says what it
 * was done to, so the verb never repeats it.
 */
export const AUDIT_ACTION_LABELS = {
  create: 'Created',
  update: 'Updated',
  update_photo: 'Changed the photo',
  update_boundary: 'Redrew the boundary',
  delete: 'Deleted',
  retire: 'Retired',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
  reset_password: 'Reset the password',
  approve: 'Approved',
  deploy: 'Marked deployed',
  reject: 'Rejected',
  cancel: 'Cancelled',
  complete: 'Completed',
  issue: 'Lent out',
  receive: 'Received back',
  assign: 'Assigned',
  resolve: 'Resolved',
  false_alarm: 'Marked a false alarm',
  hide: 'Hid',
  unhide: 'Showed again',
  export: 'Downloaded',
  erase: 'Erased personal data',
  view: 'Viewed',
  mark_confidential: 'Marked confidential',
  unmark_confidential: 'Marked not confidential',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** What an audit entry can be about, with the words the log shows for it. */
export const AUDIT_ENTITY_LABELS = {
  user: 'Staff account',
  settings: 'Barangay settings',
  incident: 'Incident',
  assistance_request: 'Backup request',
  schedule: 'Patrol schedule',
  patrol_area: 'Patrol area',
  inventory_item: 'Equipment',
  loan: 'Loan',
  vehicle: 'Vehicle',
  trip: 'Vehicle trip',
  camera: 'Camera',
  evaluation: 'Rating',
  performance: 'Performance report',
  advisory: 'Advisory',
  resident: 'Resident account',
  blotter_entry: 'Blotter entry',
  blotter_hearing: 'Lupon hearing',
  blotter_copy_request: 'Certified copy request',
} as const;
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
    actorId: z.uuid('actorId must be a user id').optional(),
    entity: z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 date and time' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 date and time' }).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'to must not be before from' });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditListSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditList = z.infer<typeof auditListSchema>;
