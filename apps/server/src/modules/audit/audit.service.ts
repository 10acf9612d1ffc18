import { msg } from '@lingui/core/macro';
import type { AuditList, auditListQuerySchema } from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { appendAuditEntry as insertAuditEntry, listAuditEntries } from './audit.repository.ts';

type Query = z.output<typeof auditListQuerySchema>;

const badCursor = () =>
  new AppError('VALIDATION_FAILED', msg`cursor is not one this list gave out`, { fields: [{ field: 'cursor', message: msg`cursor is not one this list gave out` }] });

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) throw badCursor();
  return { at: date, id };
}

/** GET /api/audit (supadmin): newest first, filtered, a page at a time. */
export async function listAudit(deps: AppDeps, query: Query): Promise<AuditList> {
  const rows = await listAuditEntries(deps.db, {
    actorId: query.actorId,
    entity: query.entity,
    action: query.action,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ entry, actor }) => ({
      _id: entry.id,
      actor: actor ? { _id: actor.id, firstName: actor.firstName, lastName: actor.lastName, userType: actor.userType, username: actor.username } : null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
      at: entry.at.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? Buffer.from(`${last.entry.at.toISOString()}|${last.entry.id}`).toString('base64url') : null,
  };
}

/**
 * Writes one entry of the audit trail in the caller's transaction, so it commits with the change
 * it records (or not at all). Every module that audits calls this through audit's door.
 */
export const appendAuditEntry: typeof insertAuditEntry = (tx, input) => insertAuditEntry(tx, input);
