import { and, desc, eq, exists, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
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
  sessions,
  users,
  type AlertPreferencesRow,
  type PushSubscriptionRow,
} from '../../db/schema/index.ts';

export interface SubscriptionValues {
  userId: string;
  /** The session whose token registered it: the subscription ends with it. */
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  now: Date;
}

/**
 * Stores a browser's subscription, tied to the session that registers it. The endpoint is unique:
 * a browser that subscribes again replaces its keys and moves to the new session. Someone else's
 * row is replaced only by a caller who sends its keys too, which only the browser holding that
 * subscription has (a shared browser now signed in as another person): it then moves to that
 * person (the push channel never sends an older delivery to the new owner, see push-channel.ts).
 * Undefined when the endpoint is someone else's and the keys differ.
 */
export async function upsertSubscription(db: Executor, values: SubscriptionValues): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      userId: values.userId,
      sessionId: values.sessionId,
      endpoint: values.endpoint,
      p256dh: values.p256dh,
      auth: values.auth,
      userAgent: values.userAgent,
      createdAt: values.now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        sessionId: values.sessionId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        createdAt: values.now,
      },
      setWhere: or(
        eq(pushSubscriptions.userId, values.userId),
        and(eq(pushSubscriptions.p256dh, values.p256dh), eq(pushSubscriptions.auth, values.auth)),
      ),
    })
    .returning();
  return row;
}

/** The session is neither revoked nor expired at `at` (auth's rule, decision 002). */
const sessionLiveAt = (at: SQL | Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at));

/** Deletes the subscriptions registered by these sessions (in the transaction that ends them). */
export async function deleteSubscriptionsOfSessions(db: Executor, sessionIds: readonly string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, [...sessionIds])).returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** Deletes the subscriptions whose session has ended by `now`: expired ones, which no write ends. */
export async function deleteSubscriptionsOfEndedSessions(db: Executor, now: Date): Promise<number> {
  // From the few subscriptions to their sessions by key, never through every session ever held.
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, pushSubscriptions.sessionId), or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, now))));
  const rows = await db.delete(pushSubscriptions).where(exists(ended)).returning({ id: pushSubscriptions.id });
  return rows.length;
}

/**
 * The subscription a browser's service worker renews after `pushsubscriptionchange`: found by its
 * old endpoint and both its keys (the proof that the caller is that browser, since the worker holds
 * no token), and only while the session that registered it is live.
 */
export async function findRenewableSubscription(
  db: Executor,
  old: { endpoint: string; p256dh: string; auth: string },
  now: Date,
): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db
    .select({ subscription: pushSubscriptions })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.endpoint, old.endpoint), eq(pushSubscriptions.p256dh, old.p256dh), eq(pushSubscriptions.auth, old.auth), sessionLiveAt(now)))
    .limit(1);
  return row?.subscription;
}

/**
 * Points a subscription at the browser's new endpoint and keys, keeping its person and session. A
 * row of the same person that already holds the new endpoint gives way. False when the row changed
 * in between (renewed, deleted).
 */
export async function replaceSubscriptionEndpoint(
  db: Executor,
  row: PushSubscriptionRow,
  next: { endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<boolean> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, next.endpoint), eq(pushSubscriptions.userId, row.userId), sql`${pushSubscriptions.id} <> ${row.id}`));
  const updated = await db
    .update(pushSubscriptions)
    .set({ endpoint: next.endpoint, p256dh: next.p256dh, auth: next.auth, createdAt: next.now })
    .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.endpoint, row.endpoint), eq(pushSubscriptions.auth, row.auth)))
    .returning({ id: pushSubscriptions.id });
  return updated.length === 1;
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
  /** The session that registered it is still live (not ended, not expired) at the send. */
  sessionLive: boolean;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
}

/**
 * What a send needs, in one query: the subscription, whether its owner and its session are still
 * live at `now`, its owner's quiet hours and the barangay's time zone.
 */
export async function findSubscriptionForSend(db: Executor, id: string, now: Date): Promise<SubscriptionForSend | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await db
    .select({
      subscription: pushSubscriptions,
      ownerStatus: users.status,
      sessionLive: sql<boolean>`coalesce(${sessionLiveAt(now)}, false)`,
      quietStart: alertPreferences.quietStart,
      quietEnd: alertPreferences.quietEnd,
      timeZone: barangaySettings.timezone,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .leftJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .leftJoin(alertPreferences, eq(alertPreferences.userId, pushSubscriptions.userId))
    .leftJoin(barangaySettings, eq(barangaySettings.id, 1))
    .where(eq(pushSubscriptions.id, id))
    .limit(1);
  if (!row) return undefined;
  return {
    subscription: row.subscription,
    ownerActive: row.ownerStatus === 'active',
    sessionLive: row.sessionLive === true,
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
 * owner, `users`, and their `alert_preferences`), and only while the session that registered it is
 * live at `at`: a browser whose session ended gets nothing, whatever was not yet cleaned up. The
 * joins read auth's and users' tables in this one statement, which the alert paths need to stay
 * one statement whatever the number of recipients. Insert-select needs every column of the table,
 * in the table's order.
 */
function pushDeliveriesInsert(db: Executor, values: { payload: SQL; dedupeKey: SQL; kind: SQL; at: SQL; where: SQL | undefined }) {
  const selected = db
    .select({
      // The subscriber's barangay (decision 035): the delivery is theirs.
      barangayId: pushSubscriptions.barangayId,
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
      lastStatusCode: sql<null>`null::integer`.as('last_status_code'),
      createdAt: sql<Date>`${values.at}`.as('created_at'),
      sentAt: sql<null>`null::timestamptz`.as('sent_at'),
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .innerJoin(sessions, and(eq(sessions.id, pushSubscriptions.sessionId), sessionLiveAt(values.at)))
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
