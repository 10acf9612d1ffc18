import { msg } from '@lingui/core/macro';
import type { FailedDelivery, FailedDeliveryList, failedDeliveryListQuerySchema } from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/transaction.ts';
import type { DeliveryRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Db } from '../../db/client.ts';
import {
  deleteDeliveriesToTarget,
  insertDeliveries,
  listDeliveriesToTarget,
  listFailedDeliveries,
  requeueFailedDelivery,
  type FailedDeliveryRow,
} from './deliveries.repository.ts';
import type { DeliveryChannelName } from './delivery-worker.ts';

/** The `afterCommit` of `inTransaction`. */
type AfterCommit = (effect: () => void) => void;

/** The payloads each channel sends; stored as the row's `payload`. */
export interface SmsPayload {
  text: string;
}
export interface EmailPayload {
  subject: string;
  text: string;
}
/** What a service worker shows (apps/web/src/sw.ts reads the same shape). */
export interface PushPayload {
  title: string;
  body: string;
  /** The app path a click opens, e.g. `/Patrol&incidenttracking?incident=…`. */
  url: string;
  /** Notifications with one tag replace each other on the device (one per incident). */
  tag?: string;
  /** Emergencies and escalations: shown until dismissed, and never held by quiet hours. */
  urgent?: boolean;
}

/**
 * A webhook's event (modules/webhooks): the exact bytes of the JSON body, so every try signs and
 * sends the same body; the incidents it is about, checked again at send time (a case marked
 * confidential since is withheld); the receiver's host, for the failed list.
 */
export interface WebhookPayload {
  event: string;
  body: string;
  incidentIds: string[];
  host: string;
}

interface DeliveryBase {
  /** The row's id when the caller must know it before the commit (a webhook ping answers with it). */
  id?: string;
  userId?: string | null;
  /** `<area>.<event>`, e.g. `incident.emergency_reported`. */
  kind: string;
  /** At most one delivery per key, ever (see db/schema/deliveries.ts). */
  dedupeKey?: string;
}

export type DeliveryRequest =
  | (DeliveryBase & { channel: 'sms'; to: string; payload: SmsPayload })
  | (DeliveryBase & { channel: 'email'; to: string; payload: EmailPayload })
  | (DeliveryBase & { channel: 'push'; subscriptionId: string; payload: PushPayload })
  | (DeliveryBase & { channel: 'webhook'; webhookId: string; payload: WebhookPayload });

/**
 * Writes deliveries in the caller's transaction; once it commits, this instance's worker is
 * nudged to send them. A rollback leaves nothing to send; a crash after the commit leaves rows that
 * the next worker sends (decision 016). Returns how many were new (a repeated dedupe key is not).
 */
export async function enqueueDeliveries(
  deps: Pick<AppDeps, 'clock' | 'deliveries'>,
  tx: Executor,
  afterCommit: AfterCommit,
  requests: readonly DeliveryRequest[],
): Promise<number> {
  if (requests.length === 0) return 0;
  const now = deps.clock.now();
  const rows = await insertDeliveries(
    tx,
    requests.map((request) => ({
      ...(request.id ? { id: request.id } : {}),
      channel: request.channel,
      userId: request.userId ?? null,
      target: targetOf(request),
      payload: { ...request.payload },
      dedupeKey: request.dedupeKey ?? null,
      kind: request.kind,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  if (rows.length > 0) afterCommit(() => deps.deliveries.nudge());
  return rows.length;
}

function targetOf(request: DeliveryRequest): string {
  if (request.channel === 'push') return request.subscriptionId;
  if (request.channel === 'webhook') return request.webhookId;
  return request.to;
}

/** One webhook's deliveries, newest first (its delivery log). */
export async function listWebhookDeliveries(db: Db, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return listDeliveriesToTarget(db, 'webhook', webhookId, limit);
}

/** A deleted webhook's deliveries go with it, in its transaction: nothing left to send or to list as failed. */
export async function dropWebhookDeliveries(tx: Executor, webhookId: string): Promise<number> {
  return deleteDeliveriesToTarget(tx, 'webhook', webhookId);
}

type ListQuery = z.output<typeof failedDeliveryListQuerySchema>;

/** GET /api/deliveries/failed (supadmin): what the server gave up sending, newest first. */
export async function listFailed(deps: AppDeps, query: ListQuery): Promise<FailedDeliveryList> {
  const rows = await listFailedDeliveries(deps.db, { limit: query.limit + 1, before: query.cursor ? decodeCursor(query.cursor) : undefined });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.delivery;
  return {
    items: page.map(presentFailedDelivery),
    nextCursor: rows.length > query.limit && last ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString('base64url') : null,
  };
}

/** POST /api/deliveries/{id}/retry (supadmin): a failed delivery gets a new round of tries. */
export async function retryFailedDelivery(deps: AppDeps, id: string): Promise<void> {
  const row = await requeueFailedDelivery(deps.db, id, deps.clock.now());
  if (!row) throw notFound(msg`Failed delivery not found`);
  deps.deliveries.nudge();
}

function presentFailedDelivery({ delivery, recipient, pushUserAgent }: FailedDeliveryRow): FailedDelivery {
  return {
    _id: delivery.id,
    channel: delivery.channel,
    kind: delivery.kind,
    recipient: recipient ? { _id: recipient.id, firstName: recipient.firstName, lastName: recipient.lastName } : null,
    destination: destinationOf(delivery, pushUserAgent),
    attempts: delivery.attempts,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
  };
}

/** Enough of the address to tell which one it was, not enough to copy it. */
function destinationOf(delivery: DeliveryRow, pushUserAgent: string | null): string {
  const channel: DeliveryChannelName = delivery.channel;
  if (channel === 'push') return pushUserAgent ? `push (${browserName(pushUserAgent)})` : 'push (a browser no longer subscribed)';
  if (channel === 'webhook') return `webhook (${String((delivery.payload as Partial<WebhookPayload>).host ?? '?')})`;
  if (channel === 'sms') return delivery.target.length > 8 ? `${delivery.target.slice(0, 6)}•••${delivery.target.slice(-4)}` : '•••';
  const [local = '', domain = ''] = delivery.target.split('@');
  return `${local.slice(0, 2)}•••@${domain}`;
}

function browserName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'a browser';
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : null;
  return system ? `${browser} on ${system}` : browser;
}

const badCursor = () =>
  new AppError('VALIDATION_FAILED', msg`cursor is not one this list gave out`, { fields: [{ field: 'cursor', message: msg`cursor is not one this list gave out` }] });

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime())) throw badCursor();
  return { createdAt, id };
}
