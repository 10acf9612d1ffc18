import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import type { Executor } from '../../db/transaction.ts';
import { msg } from '@lingui/core/macro';
import { translate, type Locale } from '../../lib/i18n.ts';
import {
  alertPreferences,
  barangaySettings,
  deliveries,
  pushSubscriptions,
  users,
  type AlertPreferencesRow,
  type PushSubscriptionRow,
} from '../../db/schema/index.ts';

export interface SubscriptionValues {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  now: Date;
}

/**
 * Stores a browser's subscription. The endpoint is unique: a browser that subscribes again
 * replaces its keys, and a shared browser signed in as someone else moves to that person (the push
 * channel never sends an older delivery to the new owner, see push-channel.ts).
 */
export async function upsertSubscription(db: Executor, values: SubscriptionValues): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId: values.userId, endpoint: values.endpoint, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent, createdAt: values.now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        createdAt: values.now,
      },
    })
    .returning();
  return row!;
}

/** Keeps a person's newest `keep` subscriptions and deletes the rest (old phones, cleared browsers). */
export async function trimSubscriptionsOf(db: Executor, userId: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.id} not in (${newest})`));
}

export async function listSubscriptionsOf(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

export async function deleteSubscriptionOf(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deleteSubscription(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export interface SubscriptionForSend {
  subscription: PushSubscriptionRow;
  /** The owner's account is still active (a deactivated tanod's phone gets nothing more). */
  ownerActive: boolean;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
}

/** What a send needs, in one query: the subscription, its owner's quiet hours and the barangay's time zone. */
export async function findSubscriptionForSend(db: Executor, id: string): Promise<SubscriptionForSend | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await db
    .select({
      subscription: pushSubscriptions,
      ownerStatus: users.status,
      quietStart: alertPreferences.quietStart,
      quietEnd: alertPreferences.quietEnd,
      timeZone: barangaySettings.timezone,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .leftJoin(alertPreferences, eq(alertPreferences.userId, pushSubscriptions.userId))
    .leftJoin(barangaySettings, eq(barangaySettings.id, 1))
    .where(eq(pushSubscriptions.id, id))
    .limit(1);
  if (!row) return undefined;
  return {
    subscription: row.subscription,
    ownerActive: row.ownerStatus === 'active',
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
    timeZone: row.timeZone ?? 'Asia/Manila',
  };
}

export async function findPreferencesOf(db: Executor, userId: string): Promise<AlertPreferencesRow | undefined> {
  const [row] = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId)).limit(1);
  return row;
}

export async function upsertPreferences(
  db: Executor,
  userId: string,
  values: { mutedKinds: string[]; quietStart: string | null; quietEnd: string | null },
  now: Date,
): Promise<AlertPreferencesRow> {
  const [row] = await db
    .insert(alertPreferences)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: alertPreferences.userId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

/** Where a push opens, per recipient: one path for everyone, or one per staff role. */
type PushUrl = string | { tanod: string; admin: string };

export interface PushFanOut {
  userIds: readonly string[];
  /**
   * The payload without `url`, which is added per recipient from `url`: one per language, each
   * recipient getting their account's (Filipino when they chose it, else English; decision 029).
   */
  payload: Record<Locale, Record<string, unknown>>;
  url: PushUrl;
  /** The delivery's kind, e.g. `incident.assigned`. */
  kind: string;
  /** The alert kind a recipient may have muted; null for alerts nobody can mute (emergencies). */
  mutableAs: string | null;
  /** Only recipients of this type (the admins' copy of a tanod's alert stays in the panel). */
  onlyUserType?: 'tanod';
  /** With it, at most one delivery per subscription ever: `<dedupeKey>:<subscription id>`. */
  dedupeKey?: string;
  now: Date;
}

/**
 * `insert … select` of one push delivery per subscription that passes `where` (joined to its
 * owner, `users`, and their `alert_preferences`). Insert-select needs every column of the table,
 * in the table's order.
 */
function pushDeliveriesInsert(db: Executor, values: { payload: SQL; dedupeKey: SQL; kind: SQL; at: SQL; where: SQL | undefined }) {
  const selected = db
    .select({
      id: sql<string>`gen_random_uuid()`.as('id'),
      channel: sql<'push'>`'push'::delivery_channel`.as('channel'),
      userId: pushSubscriptions.userId,
      target: sql<string>`${pushSubscriptions.id}::text`.as('target'),
      payload: sql<Record<string, unknown>>`${values.payload}`.as('payload'),
      dedupeKey: sql<string | null>`${values.dedupeKey}`.as('dedupe_key'),
      kind: sql<string>`${values.kind}`.as('kind'),
      status: sql<'pending'>`'pending'::delivery_status`.as('status'),
      attempts: sql<number>`0`.as('attempts'),
      nextAttemptAt: sql<Date>`${values.at}`.as('next_attempt_at'),
      claimedUntil: sql<null>`null::timestamptz`.as('claimed_until'),
      lastError: sql<null>`null::text`.as('last_error'),
      createdAt: sql<Date>`${values.at}`.as('created_at'),
      sentAt: sql<null>`null::timestamptz`.as('sent_at'),
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .leftJoin(alertPreferences, eq(alertPreferences.userId, pushSubscriptions.userId))
    .where(values.where);
  return db.insert(deliveries).select(selected);
}

const notMuted = (alertKind: SQL) => sql`not coalesce(${alertKind} = any(${alertPreferences.mutedKinds}), false)`;

/**
 * One push delivery per subscription of every recipient who is active and has not muted the
 * kind, in a single `insert … select` whatever the number of recipients. Returns how many rows
 * were written.
 */
export async function insertPushDeliveries(db: Executor, fanOut: PushFanOut): Promise<number> {
  if (fanOut.userIds.length === 0) return 0;
  const conditions: SQL[] = [inArray(pushSubscriptions.userId, [...fanOut.userIds]), eq(users.status, 'active')];
  if (fanOut.onlyUserType) conditions.push(eq(users.userType, fanOut.onlyUserType));
  if (fanOut.mutableAs) conditions.push(notMuted(sql`${fanOut.mutableAs}::text`));
  const url =
    typeof fanOut.url === 'string'
      ? sql`${fanOut.url}::text`
      : sql`case when ${users.userType} = 'tanod' then ${fanOut.url.tanod}::text else ${fanOut.url.admin}::text end`;
  const rows = await pushDeliveriesInsert(db, {
    payload: sql`(case when ${users.language} = 'fil' then ${JSON.stringify(fanOut.payload.fil)}::jsonb else ${JSON.stringify(fanOut.payload.en)}::jsonb end) || jsonb_build_object('url', ${url})`,
    dedupeKey: fanOut.dedupeKey ? sql`${fanOut.dedupeKey}::text || ':' || ${pushSubscriptions.id}::text` : sql`null::text`,
    kind: sql`${fanOut.kind}::text`,
    at: sql`${fanOut.now.toISOString()}::timestamptz`,
    where: and(...conditions),
  })
    .onConflictDoNothing({ target: deliveries.dedupeKey })
    .returning({ id: deliveries.id });
  return rows.length;
}

// A chat message to an offline recipient: on the send path, so prepared once per database. The
// title is the sender's name, read in the same statement.
const chatPushStatement = preparedPerDatabase((db: Db) => {
  // Without a sender, the title is in the recipient's language (decision 029).
  const untitled = { en: translate(msg`New message`, 'en'), fil: translate(msg`New message`, 'fil') };
  return pushDeliveriesInsert(db, {
    payload: sql`jsonb_build_object(
      'title', coalesce((select sender.first_name || ' ' || sender.last_name from ${users} sender where sender.id = ${sql.placeholder('senderId')}::uuid), case when ${users.language} = 'fil' then ${untitled.fil}::text else ${untitled.en}::text end),
      'body', ${sql.placeholder('body')}::text,
      'tag', ${sql.placeholder('tag')}::text,
      'url', case when ${users.userType} = 'tanod' then ${sql.placeholder('tanodUrl')}::text else ${sql.placeholder('adminUrl')}::text end
    )`,
    dedupeKey: sql`null::text`,
    kind: sql`'message.sent'::text`,
    at: sql`${sql.placeholder('at')}::timestamptz`,
    where: and(eq(pushSubscriptions.userId, sql.placeholder('recipientId')), eq(users.status, 'active'), notMuted(sql`'chat'::text`)),
  })
    .returning({ id: deliveries.id })
    .prepare('insert_chat_push_deliveries');
});

export async function insertChatPushDeliveries(
  db: Db,
  message: { senderId: string; recipientId: string; body: string; tag: string; urls: { tanod: string; admin: string }; at: Date },
): Promise<number> {
  const rows = await chatPushStatement(db).execute({
    senderId: message.senderId,
    recipientId: message.recipientId,
    body: message.body,
    tag: message.tag,
    tanodUrl: message.urls.tanod,
    adminUrl: message.urls.admin,
    at: message.at.toISOString(),
  });
  return rows.length;
}
