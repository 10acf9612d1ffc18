import type { Executor } from '../../db/transaction.ts';
import { auditEntries } from '../../db/schema/index.ts';
import type { Actor } from '../auth/actor.ts';

export interface AuditInput {
  actor: Pick<Actor, 'id' | 'ip'>;
  action: string;
  entity: string;
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
