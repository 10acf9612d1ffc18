import { and, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SmsThreadStatus } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import {
  smsGatewayStatus,
  smsInboundEvents,
  smsMessages,
  smsNumbers,
  smsThreads,
  type SmsGatewayStatusRow,
  type SmsMessageRow,
  type SmsNumberRow,
  type SmsThreadRow,
} from '../../db/schema/index.ts';

// --- Numbers -------------------------------------------------------------------------------------

/**
 * The number's row, created if new, locked until the transaction ends: every event of one number
 * is decided after the previous one committed, on any instance.
 */
export async function lockNumber(tx: Executor, phoneNumber: string, now: Date): Promise<SmsNumberRow> {
  await tx.insert(smsNumbers).values({ phoneNumber, createdAt: now, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(smsNumbers).where(eq(smsNumbers.phoneNumber, phoneNumber)).for('update');
  return row!;
}

export async function findNumber(db: Executor, phoneNumber: string): Promise<SmsNumberRow | undefined> {
  const [row] = await db.select().from(smsNumbers).where(eq(smsNumbers.phoneNumber, phoneNumber));
  return row;
}

export async function updateNumber(db: Executor, phoneNumber: string, values: Partial<typeof smsNumbers.$inferInsert>): Promise<void> {
  await db.update(smsNumbers).set(values).where(eq(smsNumbers.phoneNumber, phoneNumber));
}

export async function countDropped(db: Executor, phoneNumber: string, now: Date): Promise<void> {
  await db
    .update(smsNumbers)
    .set({ droppedCount: sql`${smsNumbers.droppedCount} + 1`, updatedAt: now })
    .where(eq(smsNumbers.phoneNumber, phoneNumber));
}

// --- Events --------------------------------------------------------------------------------------

/** Records a gateway's event id; false when it was seen before (a retry or a replay). */
export async function claimEvent(tx: Executor, provider: string, eventId: string, now: Date): Promise<boolean> {
  const rows = await tx.insert(smsInboundEvents).values({ provider, eventId, receivedAt: now }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function deleteEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(smsInboundEvents).where(lt(smsInboundEvents.receivedAt, before));
}

// --- Threads and messages ------------------------------------------------------------------------

/** Whether the number sent this (folded) text since `since`. */
export async function sentSameTextSince(db: Executor, phoneNumber: string, normalizedText: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.phoneNumber, phoneNumber),
        gte(smsMessages.at, since),
        eq(smsMessages.direction, 'in'),
        eq(smsMessages.kind, 'text'),
        eq(smsMessages.normalizedText, normalizedText),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Automatic texts sent to the number since `since` (the hourly cap). */
export async function countAutomaticRepliesSince(db: Executor, phoneNumber: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsMessages)
    .where(and(eq(smsMessages.phoneNumber, phoneNumber), gte(smsMessages.at, since), eq(smsMessages.automatic, true)));
  return row?.n ?? 0;
}

export async function findOpenThread(db: Executor, phoneNumber: string): Promise<SmsThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(smsThreads)
    .where(and(eq(smsThreads.phoneNumber, phoneNumber), eq(smsThreads.status, 'open')));
  return row;
}

/** The number's newest thread that made a report, if its last message is not older than `since`. */
export async function findRecentTicketedThread(db: Executor, phoneNumber: string, since: Date): Promise<SmsThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(smsThreads)
    .where(and(eq(smsThreads.phoneNumber, phoneNumber), eq(smsThreads.status, 'ticketed'), gte(smsThreads.lastMessageAt, since)))
    .orderBy(desc(smsThreads.lastMessageAt))
    .limit(1);
  return row;
}

/** The number's newest thread, whatever its status (replies from the inbox, STOP confirmations). */
export async function findLatestThread(db: Executor, phoneNumber: string): Promise<SmsThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(smsThreads)
    .where(eq(smsThreads.phoneNumber, phoneNumber))
    .orderBy(desc(smsThreads.lastMessageAt))
    .limit(1);
  return row;
}

export async function insertThread(db: Executor, values: typeof smsThreads.$inferInsert): Promise<SmsThreadRow> {
  const [row] = await db.insert(smsThreads).values(values).returning();
  return row!;
}

export async function updateThread(db: Executor, id: string, values: Partial<typeof smsThreads.$inferInsert>): Promise<SmsThreadRow | undefined> {
  const [row] = await db.update(smsThreads).set(values).where(eq(smsThreads.id, id)).returning();
  return row;
}

/** A message received into a thread: the thread's count and time move with it. */
export async function touchThreadReceived(db: Executor, id: string, at: Date, missedCall: boolean): Promise<void> {
  await db
    .update(smsThreads)
    .set({
      receivedCount: sql`${smsThreads.receivedCount} + 1`,
      lastMessageAt: at,
      ...(missedCall ? { hasMissedCall: true } : {}),
    })
    .where(eq(smsThreads.id, id));
}

/** The thread locked for an admin's action. */
export async function lockThread(tx: Executor, id: string): Promise<SmsThreadRow | undefined> {
  const [row] = await tx.select().from(smsThreads).where(eq(smsThreads.id, id)).for('update');
  return row;
}

export async function findThread(db: Executor, id: string): Promise<SmsThreadRow | undefined> {
  const [row] = await db.select().from(smsThreads).where(eq(smsThreads.id, id));
  return row;
}

/** Every thread of a number (blocking marks them all). */
export async function setThreadsOfNumber(db: Executor, phoneNumber: string, from: SmsThreadStatus[], values: Partial<typeof smsThreads.$inferInsert>): Promise<void> {
  await db
    .update(smsThreads)
    .set(values)
    .where(and(eq(smsThreads.phoneNumber, phoneNumber), inArray(smsThreads.status, from)));
}

/** Closed threads (and their messages) closed before `before`: the people's texts are not kept for ever. */
export async function deleteThreadsClosedBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(smsThreads)
    .where(and(inArray(smsThreads.status, ['dismissed', 'ticketed']), lt(smsThreads.closedAt, before)))
    .returning({ id: smsThreads.id });
  return rows.length;
}

export async function insertMessage(db: Executor, values: typeof smsMessages.$inferInsert): Promise<SmsMessageRow> {
  const [row] = await db.insert(smsMessages).values(values).returning();
  return row!;
}

export interface ThreadCursor {
  at: Date;
  id: string;
}

export async function listThreads(db: Executor, options: { status: SmsThreadStatus | null; limit: number; before?: ThreadCursor }): Promise<SmsThreadRow[]> {
  const conditions = [];
  if (options.status) conditions.push(eq(smsThreads.status, options.status));
  if (options.before) {
    const { at, id } = options.before;
    conditions.push(or(lt(smsThreads.lastMessageAt, at), and(eq(smsThreads.lastMessageAt, at), lt(smsThreads.id, id))));
  }
  return db
    .select()
    .from(smsThreads)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(smsThreads.lastMessageAt), desc(smsThreads.id))
    .limit(options.limit);
}

export async function countOpenThreads(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(smsThreads).where(eq(smsThreads.status, 'open'));
  return row?.n ?? 0;
}

/** The newest `perThread` messages of each thread, oldest first within a thread. */
export async function listMessagesOf(db: Executor, threadIds: string[], perThread: number): Promise<Map<string, SmsMessageRow[]>> {
  const byThread = new Map<string, SmsMessageRow[]>();
  if (threadIds.length === 0) return byThread;
  const ranked = db
    .select({
      id: smsMessages.id,
      // A text and its reply share their instant (one transaction): the text comes first.
      rank: sql<number>`row_number() over (partition by ${smsMessages.threadId} order by ${smsMessages.at} desc, ${smsMessages.direction} desc, ${smsMessages.id} desc)`.as('rank'),
    })
    .from(smsMessages)
    .where(inArray(smsMessages.threadId, threadIds))
    .as('ranked');
  const rows = await db
    .select({ message: smsMessages })
    .from(smsMessages)
    .innerJoin(ranked, eq(ranked.id, smsMessages.id))
    .where(sql`${ranked.rank} <= ${perThread}`)
    .orderBy(smsMessages.at, smsMessages.direction, smsMessages.id);
  for (const { message } of rows) {
    const list = byThread.get(message.threadId) ?? [];
    list.push(message);
    byThread.set(message.threadId, list);
  }
  return byThread;
}

// --- Gateway health ------------------------------------------------------------------------------

export async function findGatewayStatuses(db: Executor): Promise<SmsGatewayStatusRow[]> {
  return db.select().from(smsGatewayStatus);
}

/** A signed post from a gateway: its contact (and heartbeat or message) times and the end of any silence, or the word that it went offline. */
export async function recordGatewayContact(
  db: Executor,
  provider: string,
  now: Date,
  what: { heartbeat?: boolean; message?: boolean; offline?: boolean },
): Promise<void> {
  // httpSMS's "the phone went offline" comes from its server, not the phone: no sign of life.
  const values = what.offline
    ? { reportedOfflineAt: now }
    : {
        lastContactAt: now,
        reportedOfflineAt: null,
        ...(what.heartbeat ? { lastHeartbeatAt: now } : {}),
        ...(what.message ? { lastMessageAt: now } : {}),
      };
  await db
    .insert(smsGatewayStatus)
    .values({ provider, watchedSince: now, ...values })
    .onConflictDoUpdate({ target: smsGatewayStatus.provider, set: values });
}

/** Starts watching a gateway never heard from: its silence counts from now. */
export async function watchGateway(db: Executor, provider: string, now: Date): Promise<void> {
  await db.insert(smsGatewayStatus).values({ provider, watchedSince: now }).onConflictDoNothing();
}

/**
 * Claims the alert of a gateway's silence: only when it has not been alerted since its last
 * contact, so each silence alerts once, whichever instance's job gets there first.
 */
export async function claimSilenceAlert(db: Executor, provider: string, silentSince: Date, now: Date): Promise<SmsGatewayStatusRow | undefined> {
  const [row] = await db
    .update(smsGatewayStatus)
    .set({ silenceAlertedAt: now })
    .where(
      and(
        eq(smsGatewayStatus.provider, provider),
        or(
          // Silent: no contact since the threshold, or httpSMS said the phone went offline.
          lt(sql`coalesce(${smsGatewayStatus.lastContactAt}, ${smsGatewayStatus.watchedSince})`, silentSince),
          sql`${smsGatewayStatus.reportedOfflineAt} is not null`,
        ),
        or(isNull(smsGatewayStatus.silenceAlertedAt), lte(smsGatewayStatus.silenceAlertedAt, sql`coalesce(${smsGatewayStatus.lastContactAt}, ${smsGatewayStatus.watchedSince})`)),
      ),
    )
    .returning();
  return row;
}
