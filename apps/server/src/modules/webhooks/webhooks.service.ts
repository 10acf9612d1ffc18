import crypto from 'node:crypto';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  WEBHOOK_LIMITS,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookList,
  type WebhookWithSecret,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { DeliveryRow, WebhookRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { checkPublicEndpoint, EndpointRefused } from '../../adapters/public-endpoint-guard.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { dropWebhookDeliveries, enqueueDeliveries, listWebhookDeliveries } from '../deliveries/index.ts';
import type { WebhookBody } from './webhook-payloads.ts';
import { countWebhookRows, deleteWebhookRow, findWebhookRow, insertWebhook, listWebhookRows, updateWebhookRow } from './webhooks.repository.ts';

/** Lines of a webhook's delivery log: a month of deliveries is kept (modules/deliveries/retention.job.ts). */
const DELIVERY_LOG_LIMIT = 100;

/**
 * A new signing secret: 32 random bytes. It is shown once, in the answer that made it: the list
 * never carries it, so a supadmin session read later (a shared computer, a stolen token) cannot
 * copy it; a receiver that lost it gets a new one by rotation (docs/decisions/034-the-integration-kit.md).
 */
const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

function presentWebhook(row: WebhookRow): Webhook {
  return {
    _id: row.id,
    url: row.url,
    events: row.events as Webhook['events'],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    secretRotatedAt: row.secretRotatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a webhook: never its secret. */
const summary = (row: WebhookRow) => ({ url: row.url, events: row.events, enabled: row.enabled });

// The guard's reasons (adapters/public-endpoint-guard.ts), in words for the form.
const URL_REFUSALS: Record<string, MessageDescriptor> = {
  'must be a URL': msg`Enter a full URL, such as https://example.com/bantay`,
  'must be an https:// URL': msg`The URL must start with https://`,
  'must not carry a user name or password': msg`The URL must not hold a user name or password`,
  'must name a host, not an IP address': msg`The URL must name a host, not an IP address`,
  'must be on a public host': msg`The URL must be on a public host, not this network`,
  'has a host name that does not resolve': msg`The URL's host name does not resolve`,
  'has a host name that resolves to a private or local address': msg`The URL's host resolves to a private or local address`,
  'must resolve to a loopback address': msg`The URL's host resolves to a private or local address`,
};

/** The URL must be one the server may post to: https, a public host, every address public. */
async function checkUrl(deps: AppDeps, url: string): Promise<string> {
  try {
    const target = await checkPublicEndpoint(url, {
      allowLoopback: deps.config.webhooks.allowLoopback,
      anyPort: true,
      resolve: deps.hostResolver,
      timeoutMs: deps.config.outsideServices.timeoutMs,
    });
    return target.url.toString();
  } catch (error) {
    if (error instanceof EndpointRefused) {
      const message = URL_REFUSALS[error.message] ?? msg`The server may not post to this URL`;
      throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'url', message }] });
    }
    // The lookup itself failed (a timeout, a server failure): said on the field, so the form can
    // show it where it is typed and the supadmin can try again.
    const message = msg`The URL's host could not be looked up just now. Please try again.`;
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'url', message }] });
  }
}

async function webhookOrNotFound(deps: AppDeps, id: string): Promise<WebhookRow> {
  const row = await findWebhookRow(deps.db, id);
  if (!row) throw notFound(msg`Webhook not found`);
  return row;
}

/** `GET /api/webhooks` (supadmin). */
export async function listWebhooks(deps: AppDeps): Promise<WebhookList> {
  return { items: (await listWebhookRows(deps.db)).map(presentWebhook) };
}

/** `POST /api/webhooks` (supadmin): the answer carries the secret, the only time it is shown. */
export async function createWebhook(deps: AppDeps, actor: Actor, input: CreateWebhookRequest): Promise<WebhookWithSecret> {
  const url = await checkUrl(deps, input.url);
  const now = deps.clock.now();
  const secret = newSecret();
  const row = await inTransaction(deps.db, async (tx) => {
    const max = WEBHOOK_LIMITS.perBarangayMax;
    if ((await countWebhookRows(tx)) >= max) throw new AppError('CONFLICT', msg`A barangay has at most ${max} webhooks. Delete one first.`);
    const created = await insertWebhook(tx, { url, events: input.events, secret, createdById: actor.id, createdAt: now, updatedAt: now, secretRotatedAt: now });
    await appendAuditEntry(tx, { actor, action: 'create', entity: 'webhook', entityId: created.id, after: summary(created), at: now });
    return created;
  });
  return { ...presentWebhook(row), secret };
}

/** `PATCH /api/webhooks/{id}` (supadmin): the URL (checked again), the events, on or off. */
export async function updateWebhook(deps: AppDeps, actor: Actor, id: string, input: UpdateWebhookRequest): Promise<Webhook> {
  const url = input.url === undefined ? undefined : await checkUrl(deps, input.url);
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const before = await findWebhookRow(tx, id);
    if (!before) throw notFound(msg`Webhook not found`);
    const updated = await updateWebhookRow(tx, id, {
      ...(url === undefined ? {} : { url }),
      ...(input.events === undefined ? {} : { events: input.events }),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      updatedAt: now,
    });
    if (!updated) throw notFound(msg`Webhook not found`);
    await appendAuditEntry(tx, { actor, action: 'update', entity: 'webhook', entityId: id, before: summary(before), after: summary(updated), at: now });
    return updated;
  });
  return presentWebhook(row);
}

/** `DELETE /api/webhooks/{id}` (supadmin): its deliveries go with it, waiting or logged. */
export async function deleteWebhook(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const row = await deleteWebhookRow(tx, id);
    if (!row) throw notFound(msg`Webhook not found`);
    await dropWebhookDeliveries(tx, id);
    await appendAuditEntry(tx, { actor, action: 'delete', entity: 'webhook', entityId: id, before: summary(row), at: now });
  });
}

/**
 * `POST /api/webhooks/{id}/secret` (supadmin): a new secret at once, shown in this answer only.
 * Every try from now on is signed with it, retries of older events included: the receiver swaps
 * its copy when it sees this answer.
 */
export async function rotateWebhookSecret(deps: AppDeps, actor: Actor, id: string): Promise<WebhookWithSecret> {
  const now = deps.clock.now();
  const secret = newSecret();
  const row = await inTransaction(deps.db, async (tx) => {
    const updated = await updateWebhookRow(tx, id, { secret, secretRotatedAt: now, updatedAt: now });
    if (!updated) throw notFound(msg`Webhook not found`);
    await appendAuditEntry(tx, { actor, action: 'rotate_secret', entity: 'webhook', entityId: id, at: now });
    return updated;
  });
  return { ...presentWebhook(row), secret };
}

/**
 * `POST /api/webhooks/{id}/test` (supadmin): a `ping` event through the outbox like any other (signed,
 * retried, in the log), sent even while the webhook is turned off, so a receiver can be tried first.
 */
export async function pingWebhook(deps: AppDeps, id: string): Promise<{ deliveryId: string }> {
  const hook = await webhookOrNotFound(deps, id);
  const now = deps.clock.now();
  const body: WebhookBody = { event: 'ping', occurredAt: now.toISOString(), data: { webhookId: hook.id } };
  const deliveryId = crypto.randomUUID();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    await enqueueDeliveries(deps, tx, afterCommit, [
      { id: deliveryId, channel: 'webhook', webhookId: hook.id, kind: 'ping', payload: { event: 'ping', body: JSON.stringify(body), incidentIds: [], host: new URL(hook.url).host } },
    ]);
  });
  return { deliveryId };
}

function outcomeOf(row: DeliveryRow): WebhookDelivery['outcome'] {
  if (row.status === 'sending') return 'pending';
  return row.status;
}

/** `GET /api/webhooks/{id}/deliveries` (supadmin): the last deliveries, newest first. */
export async function listDeliveriesOf(deps: AppDeps, id: string): Promise<WebhookDeliveryList> {
  await webhookOrNotFound(deps, id);
  const rows = await listWebhookDeliveries(deps.db, id, DELIVERY_LOG_LIMIT);
  return {
    items: rows.map((row) => {
      const outcome = outcomeOf(row);
      return {
        _id: row.id,
        event: row.kind,
        attempts: row.attempts,
        lastStatusCode: row.lastStatusCode,
        lastError: row.lastError,
        nextAttemptAt: outcome === 'pending' ? row.nextAttemptAt.toISOString() : null,
        outcome,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      };
    }),
  };
}
