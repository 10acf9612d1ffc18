import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { auditEntries, users } from '../../db/schema/index.ts';
import type { AuditAction, AuditEntity } from '@bantay/shared';
import type { Actor } from '../../http/actor.ts';

export interface AuditInput {
  actor: Pick<Actor, 'id' | 'ip'>;
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

/**
 * Appends one audit entry. Call it with the transaction of the change it records, so both commit
 * or neither does. Pass summaries, never secrets.
 */
export async function appendAuditEntry(tx: Executor, input: AuditInput): Promise<void> {
  await tx.insert(auditEntries).values({
    actorId: input.actor.id,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId ?? null,
    before: input.before ?? null,
    after: input.after ?? null,
    ip: input.actor.ip ?? null,
    at: input.at,
  });
}

export interface AuditFilter {
  actorId?: string;
  entity?: string;
  action?: string;
  from?: Date;
  to?: Date;
  before?: { at: Date; id: string };
  limit: number;
}

/** Newest first, keyset-paged on (at, id), with the actor's name. */
export async function listAuditEntries(db: Executor, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditEntries.actorId, filter.actorId));
  if (filter.entity) conditions.push(eq(auditEntries.entity, filter.entity));
  if (filter.action) conditions.push(eq(auditEntries.action, filter.action));
  if (filter.from) conditions.push(gte(auditEntries.at, filter.from));
  if (filter.to) conditions.push(lte(auditEntries.at, filter.to));
  if (filter.before) {
    conditions.push(sql`(${auditEntries.at}, ${auditEntries.id}) < (${filter.before.at.toISOString()}::timestamptz, ${filter.before.id}::uuid)`);
  }
  return db
    .select({
      entry: auditEntries,
      actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, userType: users.userType, username: users.username },
    })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(filter.limit);
}
