import { msg } from '@lingui/core/macro';
import { browserKeysProblem } from './browser-keys.ts';
import {
  PUSH_LIMITS,
  type AlertPreferences,
  type NotificationEntityType,
  type PushSubscriptionInput,
  type PushSubscriptionRenewal,
  type PushSubscriptionSummary,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/transaction.ts';
import type { AlertPreferencesRow, PushSubscriptionRow } from '../../db/schema/index.ts';
import { EndpointRefused } from '../../adapters/push/push.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { translate, withLocale, type Locale, type Text } from '../../lib/i18n.ts';
import { incidentTypeLabel } from '../../lib/incident-types.ts';
import type { Actor } from '../../http/actor.ts';
import { inTransaction, type AfterCommit } from '../../db/transaction.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { alertRuleOf, isUrgentAlert, notificationPushPayload, shortBody } from './alert-rules.ts';
import {
  deleteSubscriptionOf,
  deleteSubscriptionsOfSessions,
  findPreferencesOf,
  findRenewableSubscription,
  insertChatPushDeliveries,
  insertPushDeliveries,
  listSubscriptionsOf,
  replaceSubscriptionEndpoint,
  trimSubscriptionsOf,
  upsertPreferences,
  upsertSubscription,
  type PushFanOut,
} from './push.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /api/push/key` (anyone): the VAPID public key a browser subscribes with. */
export function getPushKey(deps: Pick<AppDeps, 'push'>): { publicKey: string } {
  return { publicKey: deps.push.publicKey };
}

/** The browser's keys must be usable, and the endpoint a place the server may post to. */
async function checkBrowserSubscription(deps: Pick<AppDeps, 'push'>, input: PushSubscriptionInput, field = ''): Promise<void> {
  const keyProblem = browserKeysProblem(input.keys);
  if (keyProblem) throw fieldError(`${field}${keyProblem.field}`, keyProblem.message);
  try {
    await deps.push.checkEndpoint(input.endpoint);
  } catch (error) {
    if (error instanceof EndpointRefused) throw fieldError(`${field}endpoint`, error.message);
    // The DNS lookup itself failed (a timeout, a server failure): not the caller's fault.
    throw new AppError('UNAVAILABLE', msg`The push service could not be checked just now. Please try again.`);
  }
}

const takenEndpoint = () => fieldError('endpoint', msg`This push subscription belongs to another account.`, 'CONFLICT');

/**
 * `POST /api/push/subscriptions` (staff and signed-in residents). The endpoint is where the
 * server will post, so it is checked before it is stored (adapters/public-endpoint-guard.ts). The
 * subscription belongs to the caller's session and ends with it (decision 017). The same endpoint
 * again replaces the row: the caller's own, or someone else's when the body carries that
 * subscription's keys too (the browser holds it, and is now signed in as the caller); someone
 * else's endpoint with other keys is refused, 409.
 */
export async function subscribeBrowser(
  deps: Pick<AppDeps, 'db' | 'clock' | 'push'>,
  actor: Actor,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<{ id: string }> {
  await checkBrowserSubscription(deps, input);
  const row = await upsertSubscription(deps.db, {
    userId: actor.id,
    sessionId: actor.sessionId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent,
    now: deps.clock.now(),
  });
  if (!row) throw takenEndpoint();
  await trimSubscriptionsOf(deps.db, actor.id, PUSH_LIMITS.subscriptionsPerUser);
  return { id: row.id };
}

/**
 * `POST /api/push/subscriptions/renew` (no token: the service worker sends it after the browser
 * replaced a subscription, `pushsubscriptionchange`, and a worker holds no token). The old
 * endpoint and both its keys prove the caller is the browser that held it; the row then takes the
 * new endpoint and keys and keeps its person and session, so it still ends with that session. A
 * subscription whose session has ended, or that nobody knows, answers 404 and nothing changes.
 */
export async function renewBrowserSubscription(deps: Pick<AppDeps, 'db' | 'clock' | 'push'>, input: PushSubscriptionRenewal): Promise<{ id: string }> {
  const now = deps.clock.now();
  const gone = () => notFound(msg`Push subscription not found`);
  // Looked up before the new endpoint's DNS check: an unknown caller costs the server one query.
  const row = await findRenewableSubscription(deps.db, { endpoint: input.old.endpoint, p256dh: input.old.keys.p256dh, auth: input.old.keys.auth }, now);
  if (!row) throw gone();
  await checkBrowserSubscription(deps, input.subscription, 'subscription.');
  const next = { endpoint: input.subscription.endpoint, p256dh: input.subscription.keys.p256dh, auth: input.subscription.keys.auth, now };
  try {
    if (!(await inTransaction(deps.db, (tx) => replaceSubscriptionEndpoint(tx, row, next)))) throw gone();
  } catch (error) {
    if (uniqueViolation(error) === 'push_subscriptions_endpoint_key') throw takenEndpoint();
    throw error;
  }
  return { id: row.id };
}

/**
 * Ends the push subscriptions these sessions registered, in the transaction that ends the
 * sessions (sign-out, a session ended from another, a password or PIN change or reset,
 * deactivation): that browser gets no alert more, whatever it still holds.
 */
export async function endSessionsPush(tx: Executor, sessionIds: readonly string[]): Promise<void> {
  await deleteSubscriptionsOfSessions(tx, sessionIds);
}

/** `GET /api/push/subscriptions`: the caller's own browsers. */
export async function listMySubscriptions(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<PushSubscriptionSummary[]> {
  return (await listSubscriptionsOf(deps.db, actor.id)).map(presentSubscription);
}

/** `DELETE /api/push/subscriptions/{id}`: someone else's id answers as an unknown one, 404. */
export async function unsubscribeBrowser(deps: Pick<AppDeps, 'db'>, actor: Actor, id: string): Promise<void> {
  const deleted = UUID.test(id) && (await deleteSubscriptionOf(deps.db, actor.id, id.toLowerCase()));
  if (!deleted) throw notFound(msg`Push subscription not found`);
}

export async function getMyAlertPreferences(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<AlertPreferences> {
  return presentPreferences(await findPreferencesOf(deps.db, actor.id));
}

export async function updateMyAlertPreferences(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor, input: AlertPreferences): Promise<AlertPreferences> {
  const row = await upsertPreferences(
    deps.db,
    actor.id,
    { mutedKinds: [...new Set(input.mutedKinds)], quietStart: input.quietHours?.start ?? null, quietEnd: input.quietHours?.end ?? null },
    deps.clock.now(),
  );
  return presentPreferences(row);
}

function presentSubscription(row: PushSubscriptionRow): PushSubscriptionSummary {
  let service: string;
  try {
    service = new URL(row.endpoint).origin;
  } catch {
    service = 'unknown';
  }
  return { _id: row.id, service, userAgent: row.userAgent, createdAt: row.createdAt.toISOString() };
}

function presentPreferences(row: AlertPreferencesRow | undefined): AlertPreferences {
  if (!row) return { mutedKinds: [], quietHours: null };
  return {
    mutedKinds: row.mutedKinds as AlertPreferences['mutedKinds'],
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
  };
}

function fieldError(field: string, message: Text, code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED'): AppError {
  // "field: problem", the problem in the request's language (decision 029).
  return new AppError(code, `${field}: ${translate(message)}`, { fields: [{ field, message }] });
}

// --- Alerts raised by other modules, written in their transaction (decision 017). -------------

type EnqueueDeps = Pick<AppDeps, 'deliveries'>;

async function fanOut(deps: EnqueueDeps, tx: Executor, afterCommit: AfterCommit, request: PushFanOut): Promise<number> {
  const written = await insertPushDeliveries(tx, request);
  if (written > 0) afterCommit(() => deps.deliveries.nudge());
  return written;
}

/**
 * Called by notify() for the notifications it just stored: the kinds alert-rules.ts lists are
 * also pushed to the recipients' subscribed browsers, opening the same page as the notification.
 */
export async function pushNotification(
  deps: EnqueueDeps,
  tx: Executor,
  afterCommit: AfterCommit,
  notification: {
    userIds: readonly string[];
    kind: string;
    /** The notification's text in each language (notifications.service.ts `inEveryLanguage`). */
    message: Record<Locale, string>;
    entity: { type: NotificationEntityType; id: string } | undefined;
    /** The app path that opens its subject for each role (notifications' notificationLinks). */
    links: { tanod: string | null; admin: string | null };
    at: Date;
  },
): Promise<number> {
  const rule = alertRuleOf(notification.kind);
  if (!rule || notification.userIds.length === 0) return 0;
  return fanOut(deps, tx, afterCommit, {
    userIds: notification.userIds,
    payload: {
      en: notificationPushPayload(rule, notification.message.en, notification.entity, 'en'),
      fil: notificationPushPayload(rule, notification.message.fil, notification.entity, 'fil'),
    },
    url: { tanod: notification.links.tanod ?? '/Dashboard', admin: notification.links.admin ?? '/Admindashboard' },
    kind: notification.kind,
    mutableAs: isUrgentAlert(rule.alert) ? null : rule.alert,
    ...(rule.audience === 'tanods' ? { onlyUserType: 'tanod' as const } : {}),
    now: notification.at,
  });
}

/**
 * A chat message to someone with no open socket (messages.service.ts decides who): their browsers
 * get it, titled with the sender's name, opening the conversation. The message is already stored
 * by its one statement (decisions 014, 015), so this is one statement of its own, run only for a
 * recipient who is offline.
 */
export async function pushChatMessage(
  deps: Pick<AppDeps, 'db' | 'deliveries'>,
  message: {
    senderId: string;
    recipientId: string;
    conversationId: string;
    content: string;
    at: Date;
    /** The path that opens the conversation for each role (notifications' conversationLinks). */
    urls: { tanod: string; admin: string };
  },
): Promise<number> {
  const written = await insertChatPushDeliveries(deps.db, {
    senderId: message.senderId,
    recipientId: message.recipientId,
    body: shortBody(message.content),
    tag: `conversation:${message.conversationId}`,
    urls: message.urls,
    at: message.at,
  });
  if (written > 0) deps.deliveries.nudge();
  return written;
}

/**
 * A resident who reported while signed in hears how the ticket goes: once when a tanod takes it
 * and once when it is resolved (the dedupe key keeps it to once per subscription, whatever
 * reassignments happen in between).
 */
export async function pushTicketProgress(
  deps: EnqueueDeps,
  tx: Executor,
  afterCommit: AfterCommit,
  incident: { id: string; ticket: string; type: string; reporterId: string | null; confidential: boolean },
  step: 'responded' | 'resolved',
  at: Date,
): Promise<number> {
  if (!incident.reporterId) return 0;
  // A lock screen may be read by others: a confidential case's notice names the ticket only
  // (docs/decisions/027-confidential-cases.md).
  // The resident reads it in their account's language (decision 029); the type in it too.
  const payloadIn = (locale: Locale) =>
    withLocale(locale, () => {
      const { ticket } = incident;
      const type = incidentTypeLabel(incident.type);
      const what = incident.confidential ? ticket : translate(msg`${ticket} (${type})`, locale);
      const tag = `ticket:${incident.id}`;
      return step === 'responded'
        ? { title: translate(msg`A tanod is responding`, locale), body: translate(msg`Your report ${what} has a tanod on the way.`, locale), tag }
        : { title: translate(msg`Your report is resolved`, locale), body: translate(msg`Your report ${what} was resolved. Thank you for reporting.`, locale), tag };
    });
  return fanOut(deps, tx, afterCommit, {
    userIds: [incident.reporterId],
    payload: { en: payloadIn('en'), fil: payloadIn('fil') },
    url: `/Reportincidents?ticket=${encodeURIComponent(incident.ticket)}`,
    kind: `ticket.${step}`,
    mutableAs: 'ticket',
    dedupeKey: `ticket.${step}:${incident.id}`,
    now: at,
  });
}
