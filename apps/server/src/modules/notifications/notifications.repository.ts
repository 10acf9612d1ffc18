import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import type { Executor } from '../../db/transaction.ts';
import { notifications, users, type NewNotificationRow, type NotificationRow } from '../../db/schema/index.ts';
import type { Locale } from '../../lib/i18n.ts';

/** A text written once per language (decision 029): a recipient reads their account's language. */
export type LocalizedText = Record<Locale, string>;

/** SQL choosing, per row of `users`, the text in that person's language: Filipino when they chose it, else English. */
const inRecipientLanguage = (text: LocalizedText) =>
  sql`case when ${users.language} = 'fil' then ${text.fil}::text else ${text.en}::text end`;

/** Whom a batch of notifications goes to, already resolved to a SQL condition on `users`. */
export type RecipientFilter =
  | { kind: 'users'; userIds: readonly string[] }
  | { kind: 'types'; userTypes: readonly ('tanod' | 'admin' | 'supadmin')[] };

export interface NotificationContent {
  /** The text in each language; each recipient's row gets their account's (English when unset). */
  message: LocalizedText;
  kind: string;
  entityType: string | null;
  entityId: string | null;
  /** The subject's app path for each role (notification-links.ts); the row gets its recipient's. */
  links: { tanod: string | null; admin: string | null };
  createdAt: Date;
  /** A number to call back (a missed-call SOS), E.164; null when none. */
  callbackPhone?: string | null;
}

/**
 * Inserts one notification per recipient in a single statement (`insert … select from users`), so
 * notifying every tanod costs one round trip. Only active staff receive notifications: residents
 * have no panel, and deactivated users cannot sign in.
 */
export async function insertNotificationsFor(
  db: Executor,
  recipients: RecipientFilter,
  content: NotificationContent,
  exceptUserIds: readonly string[],
): Promise<NotificationRow[]> {
  const conditions: SQL[] = [eq(users.status, 'active'), inArray(users.userType, ['tanod', 'admin', 'supadmin'])];
  if (recipients.kind === 'users') {
    if (recipients.userIds.length === 0) return [];
    conditions.push(inArray(users.id, [...recipients.userIds]));
  } else {
    if (recipients.userTypes.length === 0) return [];
    conditions.push(inArray(users.userType, [...recipients.userTypes]));
  }
  for (const id of exceptUserIds) conditions.push(ne(users.id, id));
  const selected = db
    // Insert-select needs every column of the table, in the table's order.
    .select({
      // The recipient's barangay (decision 035): the notice is theirs.
      barangayId: users.barangayId,
      id: sql<string>`gen_random_uuid()`.as('id'),
      userId: users.id,
      message: sql<string>`${inRecipientLanguage(content.message)}`.as('message'),
      read: sql<boolean>`false`.as('read'),
      kind: sql<string>`${content.kind}::text`.as('kind'),
      entityType: sql<string | null>`${content.entityType}::text`.as('entity_type'),
      entityId: sql<string | null>`${content.entityId}::text`.as('entity_id'),
      link: sql<string | null>`case when ${users.userType} = 'tanod' then ${content.links.tanod}::text else ${content.links.admin}::text end`.as('link'),
      createdAt: sql<Date>`${content.createdAt.toISOString()}::timestamptz`.as('created_at'),
      callbackPhone: sql<string | null>`${content.callbackPhone ?? null}::text`.as('callback_phone'),
    })
    .from(users)
    .where(and(...conditions));
  return db.insert(notifications).select(selected).returning();
}

/** Plain insert of prepared rows (demo data). */
export async function insertNotificationRows(db: Executor, rows: NewNotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

/** A position in the newest-first list: rows strictly older than it come next. */
export interface ListCursor {
  createdAt: Date;
  id: string;
}

const olderThan = (cursor: ListCursor) =>
  sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`;

// The first page is what the panel asks for on every open: prepared once per database.
const firstPageQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .prepare('list_notifications_first_page'),
);

export async function listNotificationsOf(
  db: Db,
  userId: string,
  options: { limit: number; before?: ListCursor; unreadOnly?: boolean },
): Promise<NotificationRow[]> {
  if (!options.before && !options.unreadOnly) return firstPageQuery(db).execute({ userId, limit: options.limit });
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (options.before) conditions.push(olderThan(options.before));
  if (options.unreadOnly) conditions.push(eq(notifications.read, false));
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
}

export async function countNotificationsOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(notifications).where(eq(notifications.userId, userId));
  return Number(row?.value ?? 0);
}

export async function markAllNotificationsRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks one of the user's own notifications read; undefined when it is not theirs or not there. */
export async function markNotificationRead(db: Executor, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function deleteNotificationOf(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
