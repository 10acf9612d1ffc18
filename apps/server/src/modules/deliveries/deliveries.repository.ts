import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/transaction.ts';
import { deliveries, pushSubscriptions, users, type DeliveryRow, type NewDeliveryRow } from '../../db/schema/index.ts';

/** Inserts deliveries; one whose dedupe key was used before is skipped (never sent twice). */
export async function insertDeliveries(db: Executor, rows: NewDeliveryRow[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(deliveries).values(rows).onConflictDoNothing({ target: deliveries.dedupeKey }).returning();
}

/**
 * Claims up to `limit` due deliveries for this worker in one statement: pending rows whose time has
 * come, and `sending` rows whose claim has lapsed (their worker died mid-send). `for update skip
 * locked` lets several instances claim at once without waiting on or taking each other's rows, so
 * each delivery is claimed by one worker.
 */
export async function claimDueDeliveries(db: Db, now: Date, claimUntil: Date, limit: number): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      or(
        and(eq(deliveries.status, 'pending'), sql`${deliveries.nextAttemptAt} <= ${now}`),
        and(eq(deliveries.status, 'sending'), lt(deliveries.claimedUntil, now)),
      ),
    )
    .orderBy(deliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(deliveries)
    .set({ status: 'sending', claimedUntil: claimUntil, attempts: sql`${deliveries.attempts} + 1` })
    .where(sql`${deliveries.id} in (${due})`)
    .returning();
}

/**
 * Marks a delivery sent. The text of an `account.*` delivery holds a live reset or set-up link
 * (the token tables keep only hashes), so it is blanked once it has gone out (decision 016).
 */
export async function markDeliverySent(db: Db, id: string, at: Date, statusCode: number | null): Promise<void> {
  await db
    .update(deliveries)
    .set({
      status: 'sent',
      sentAt: at,
      claimedUntil: null,
      lastError: null,
      lastStatusCode: statusCode,
      payload: sql`case when ${deliveries.kind} like 'account.%' then '{}'::jsonb else ${deliveries.payload} end`,
    })
    .where(eq(deliveries.id, id));
}

export async function markDeliveryForRetry(db: Db, id: string, nextAttemptAt: Date, error: string, statusCode: number | null): Promise<void> {
  await db
    .update(deliveries)
    .set({ status: 'pending', nextAttemptAt, claimedUntil: null, lastError: error, lastStatusCode: statusCode })
    .where(eq(deliveries.id, id));
}

/** Holds a delivery until `until` without counting the claim as a try (quiet hours). */
export async function deferDelivery(db: Db, id: string, until: Date): Promise<void> {
  await db
    .update(deliveries)
    .set({ status: 'pending', nextAttemptAt: until, claimedUntil: null, attempts: sql`greatest(${deliveries.attempts} - 1, 0)` })
    .where(eq(deliveries.id, id));
}

export async function markDeliveryFailed(db: Db, id: string, error: string, statusCode: number | null): Promise<void> {
  await db.update(deliveries).set({ status: 'failed', claimedUntil: null, lastError: error, lastStatusCode: statusCode }).where(eq(deliveries.id, id));
}

/** A delivery decided at send time not to go (DeliveryOutcome `withhold`), with the reason. */
export async function markDeliveryWithheld(db: Db, id: string, reason: string): Promise<void> {
  await db.update(deliveries).set({ status: 'withheld', claimedUntil: null, lastError: reason }).where(eq(deliveries.id, id));
}

/** The deliveries to one target of a channel (a webhook's log), newest first. */
export async function listDeliveriesToTarget(db: Db, channel: DeliveryRow['channel'], target: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.channel, channel), eq(deliveries.target, target)))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(limit);
}

/** Deletes every delivery to one target of a channel (a deleted webhook's), in the caller's transaction. */
export async function deleteDeliveriesToTarget(db: Executor, channel: DeliveryRow['channel'], target: string): Promise<number> {
  const deleted = await db
    .delete(deliveries)
    .where(and(eq(deliveries.channel, channel), eq(deliveries.target, target)))
    .returning({ id: deliveries.id });
  return deleted.length;
}

export interface FailedDeliveryRow {
  delivery: DeliveryRow;
  recipient: { id: string; firstName: string; lastName: string } | null;
  pushUserAgent: string | null;
}

/** The failed deliveries, newest first, with the recipient's name and the push browser when known. */
export async function listFailedDeliveries(db: Db, options: { limit: number; before?: { createdAt: Date; id: string } }): Promise<FailedDeliveryRow[]> {
  const conditions = [eq(deliveries.status, 'failed')];
  if (options.before) {
    conditions.push(
      or(
        lt(deliveries.createdAt, options.before.createdAt),
        and(eq(deliveries.createdAt, options.before.createdAt), lt(deliveries.id, options.before.id)),
      )!,
    );
  }
  const rows = await db
    .select({
      delivery: deliveries,
      recipientId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      pushUserAgent: pushSubscriptions.userAgent,
    })
    .from(deliveries)
    .leftJoin(users, eq(users.id, deliveries.userId))
    .leftJoin(pushSubscriptions, and(eq(deliveries.channel, 'push'), sql`${pushSubscriptions.id}::text = ${deliveries.target}`))
    .where(and(...conditions))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(options.limit);
  return rows.map((row) => ({
    delivery: row.delivery,
    recipient: row.recipientId && row.firstName !== null && row.lastName !== null ? { id: row.recipientId, firstName: row.firstName, lastName: row.lastName } : null,
    pushUserAgent: row.pushUserAgent,
  }));
}

/** A failed delivery given another round of tries (the supadmin's Retry). */
export async function requeueFailedDelivery(db: Db, id: string, now: Date): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(deliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(and(eq(deliveries.id, id), eq(deliveries.status, 'failed')))
    .returning();
  return row;
}

/** Deletes up to `limit` deliveries sent before `before`; returns how many. */
export async function deleteSentDeliveriesBefore(db: Db, before: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.status, 'sent'), lt(deliveries.sentAt, before)))
    .limit(limit);
  const deleted = await db.delete(deliveries).where(sql`${deliveries.id} in (${oldest})`).returning({ id: deliveries.id });
  return deleted.length;
}

/** Deletes up to `limit` failed or withheld deliveries written before `before`; returns how many. */
export async function deleteFailedDeliveriesBefore(db: Db, before: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(inArray(deliveries.status, ['failed', 'withheld']), lt(deliveries.createdAt, before)))
    .limit(limit);
  const deleted = await db.delete(deliveries).where(sql`${deliveries.id} in (${oldest})`).returning({ id: deliveries.id });
  return deleted.length;
}
