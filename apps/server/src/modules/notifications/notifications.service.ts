import { msg } from '@lingui/core/macro';
import {
  NOTIFICATION_LIMITS,
  notificationKindSchema,
  type Notification,
  type NotificationEntityType,
  type NotificationListQuery,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { inTransaction, type AfterCommit, type Executor } from '../../db/transaction.ts';
import type { Actor } from '../../http/actor.ts';
import {
  deleteNotificationOf,
  insertNotificationsFor,
  listNotificationsOf,
  markAllNotificationsRead,
  markNotificationRead,
  type ListCursor,
  type LocalizedText,
  type RecipientFilter,
} from './notifications.repository.ts';
import { translate, withLocale, type Locale, type Text } from '../../lib/i18n.ts';
import { presentNotification } from './notifications.presenter.ts';
import { notificationLinks } from './notification-links.ts';
import { pushNotification } from '../push/index.ts';

/** The `afterCommit` of `inTransaction`, kept under this name for the callers of `notify`. */
export type { AfterCommit };

/**
 * Who receives a notification. Only active staff ever do: residents have no panel.
 * - `{ userId }` one user; `{ userIds }` a list;
 * - `{ role: 'tanods' }` every active tanod; `'admins'` every admin and supadmin; `'staff'` all.
 */
export type NotifyTarget =
  | { userId: string }
  | { userIds: readonly string[] }
  | { role: 'tanods' | 'admins' | 'staff' };

export interface NotifyInput {
  /**
   * The text shown in the panel; the brief's category chips are derived from its keywords. Each
   * recipient reads it in their account's language (decision 029): give a `msg`-marked message, or
   * a function that builds one (run once per language, so the dates and labels it reads with `t`
   * or `currentLocale()` follow that language too). A plain string stays English.
   */
  message: NotifyMessage;
  /** `<area>.<event>`, e.g. `incident.assigned`. Defaults to `general`. */
  kind?: string;
  /** What a click opens. */
  entity?: { type: NotificationEntityType; id: string };
  /** Users left out even when the target includes them, typically the actor who caused it. */
  except?: readonly string[];
  /** A number to call back, E.164 (a missed-call SOS): the panel shows a tap-to-call button. */
  callbackPhone?: string;
}

/** A notification's text: a marked message, or how to build it in the language being written. */
export type NotifyMessage = Text | (() => Text);

/** The message written in every language, each built in its own language (decision 029). */
function inEveryLanguage(message: NotifyMessage): LocalizedText {
  const one = (locale: Locale) => withLocale(locale, () => translate(typeof message === 'function' ? message() : message, locale).trim());
  return { en: one('en'), fil: one('fil') };
}

const ROLE_TYPES = {
  tanods: ['tanod'],
  admins: ['admin', 'supadmin'],
  staff: ['tanod', 'admin', 'supadmin'],
} as const;

function recipientsOf(target: NotifyTarget): RecipientFilter {
  if ('userId' in target) return { kind: 'users', userIds: [target.userId] };
  if ('userIds' in target) return { kind: 'users', userIds: [...new Set(target.userIds)].filter(isUuid) };
  return { kind: 'types', userTypes: ROLE_TYPES[target.role] };
}

/**
 * Notifies people as part of the caller's transaction: the rows are written with `tx`, and only
 * once that transaction commits is every recipient's open socket told (`notificationUpdate`). A
 * rollback therefore leaves no row and no message. Returns what was stored, one per recipient.
 *
 * Each row carries the app path of its subject for the recipient's role (`link`). The kinds that
 * matter on a locked phone (push/alert-rules.ts) are also written as push deliveries for the
 * recipients' subscribed browsers, in the same transaction, with one more statement whatever the
 * number of recipients (decision 017).
 *
 * ```ts
 * await inTransaction(deps.db, async (tx, afterCommit) => {
 *   const incident = await insertIncident(tx, …);
 *   await notify(deps, tx, afterCommit, { role: 'admins' }, {
 *     message: () => {
 *       const { ticket } = incident;
 *       return msg`New incident ${ticket} reported`;
 *     },
 *     kind: 'incident.reported',
 *     entity: { type: 'incident', id: incident.id },
 *   });
 * });
 * ```
 */
export async function notify(
  deps: Pick<AppDeps, 'clock' | 'events' | 'deliveries'>,
  tx: Executor,
  afterCommit: AfterCommit,
  target: NotifyTarget,
  input: NotifyInput,
): Promise<{ userId: string; notification: Notification }[]> {
  const written = inEveryLanguage(input.message);
  if (!written.en) throw new Error('notify: the message is empty');
  if (written.en.length > NOTIFICATION_LIMITS.messageMaxLength) {
    throw new Error(`notify: the message is longer than ${NOTIFICATION_LIMITS.messageMaxLength} characters`);
  }
  // A translation may run longer than its English: it is cut rather than refused.
  const message: LocalizedText = { en: written.en, fil: (written.fil || written.en).slice(0, NOTIFICATION_LIMITS.messageMaxLength) };
  const kind = notificationKindSchema.parse(input.kind ?? 'general');
  if ('userId' in target && !isUuid(target.userId)) return [];
  const links = notificationLinks(input.entity);
  const now = deps.clock.now();
  const rows = await insertNotificationsFor(
    tx,
    recipientsOf(target),
    {
      message,
      kind,
      entityType: input.entity?.type ?? null,
      entityId: input.entity?.id ?? null,
      links,
      createdAt: now,
      callbackPhone: input.callbackPhone ?? null,
    },
    input.except ?? [],
  );
  const items = rows.map((row) => ({ userId: row.userId, notification: presentNotification(row) }));
  if (items.length > 0) afterCommit(() => deps.events.publish('notifications.created', { items }));
  await pushNotification(deps, tx, afterCommit, { userIds: rows.map((row) => row.userId), kind, message, entity: input.entity, links, at: now });
  return items;
}

/** notify() in a transaction of its own, for callers that have none (scheduled jobs). */
export async function notifyNow(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'deliveries'>,
  target: NotifyTarget,
  input: NotifyInput,
): Promise<{ userId: string; notification: Notification }[]> {
  return inTransaction(deps.db, (tx, afterCommit) => notify(deps, tx, afterCommit, target, input));
}

export async function listMyNotifications(
  deps: AppDeps,
  actor: Actor,
  query: NotificationListQuery,
): Promise<{ notifications: Notification[]; nextCursor: string | null }> {
  const before = query.before === undefined ? undefined : decodeCursor(query.before);
  const load = async () => {
    // One extra row tells whether an older page exists without a count query.
    const rows = await listNotificationsOf(deps.db, actor.id, { limit: query.limit + 1, before });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor = rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null;
    return { value: { notifications: page.map(presentNotification), nextCursor }, dependsOn: [actor.id] };
  };
  // The first page is what the panel asks for on every open; older pages are read once each.
  if (before) return (await load()).value;
  return deps.readCache.get('notifications', `${actor.id}:${query.limit}`, deps.clock.now(), load);
}

export async function listMyUnreadNotifications(deps: AppDeps, actor: Actor): Promise<Notification[]> {
  const rows = await listNotificationsOf(deps.db, actor.id, { limit: NOTIFICATION_LIMITS.unreadMax, unreadOnly: true });
  return rows.map(presentNotification);
}

export async function markAllMyNotificationsRead(deps: AppDeps, actor: Actor): Promise<number> {
  const marked = await markAllNotificationsRead(deps.db, actor.id);
  if (marked > 0) deps.events.publish('users.changed', { userIds: [actor.id] });
  return marked;
}

/** Someone else's id, an unknown id and a malformed id all answer the same 404. */
export async function markMyNotificationRead(deps: AppDeps, actor: Actor, id: string): Promise<Notification> {
  const row = isUuid(id) ? await markNotificationRead(deps.db, actor.id, id) : undefined;
  if (!row) throw notFound(msg`Notification not found`);
  deps.events.publish('users.changed', { userIds: [actor.id] });
  return presentNotification(row);
}

export async function deleteMyNotification(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const deleted = isUuid(id) && (await deleteNotificationOf(deps.db, actor.id, id));
  if (!deleted) throw notFound(msg`Notification not found`);
  deps.events.publish('users.changed', { userIds: [actor.id] });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The cursor is opaque to clients: the last row's time and id, base64url-encoded. */
function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

function decodeCursor(value: string): ListCursor {
  const [time, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', msg`before: is not a valid cursor`, {
      fields: [{ field: 'before', message: msg`is not a valid cursor` }],
    });
  }
  return { createdAt, id };
}
