import { z } from 'zod';

/** The audit log (issue 13): who changed what, read by the supadmin. */
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
    entity: z.string().trim().min(1).max(60).optional(),
    action: z.string().trim().min(1).max(60).optional(),
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 date and time' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 date and time' }).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'to must not be before from' });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditListSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditList = z.infer<typeof auditListSchema>;
