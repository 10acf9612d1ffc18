import { z } from 'zod';
import { msg, ph } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/**
 * Webhooks: the supadmin's HTTPS receivers of signed events (apps/server/src/modules/webhooks,
 * docs/decisions/034-the-integration-kit.md). Each event sent is a delivery of the `webhook`
 * channel, retried with backoff.
 */

/** The events a webhook may subscribe to; `ping` is the test button's and needs no subscription. */
export const WEBHOOK_EVENTS = [
  'incident.reported',
  'incident.emergency_reported',
  'incident.status_changed',
  'assistance.requested',
  'advisory.published',
  'patrol.missed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_LIMITS = { urlMaxLength: 2000, perBarangayMax: 20 } as const;

const url = z
  .string(zodMessage(msg`Enter the receiver's https:// URL`))
  .trim()
  .min(1, zodMessage(msg`Enter the receiver's https:// URL`))
  .max(WEBHOOK_LIMITS.urlMaxLength, zodMessage(msg`At most ${ph({ max: WEBHOOK_LIMITS.urlMaxLength })} characters`));

const events = z
  .array(z.enum(WEBHOOK_EVENTS, zodMessage(msg`events must be among ${ph({ allowed: WEBHOOK_EVENTS.join(', ') })}`)))
  .min(1, zodMessage(msg`Choose at least one event`))
  .max(WEBHOOK_EVENTS.length, zodMessage(msg`Choose at least one event`))
  .refine((list) => new Set(list).size === list.length, zodMessage(msg`Each event once`));

/** `POST /api/webhooks`. */
export const createWebhookSchema = z.object({ url, events }).strict();
export type CreateWebhookRequest = z.infer<typeof createWebhookSchema>;

/** `PATCH /api/webhooks/{id}`: any of the URL, the events, on or off. */
export const updateWebhookSchema = z
  .object({ url: url.optional(), events: events.optional(), enabled: z.boolean(zodMessage(msg`enabled must be true or false`)).optional() })
  .strict();
export type UpdateWebhookRequest = z.infer<typeof updateWebhookSchema>;

/** A webhook as listed: never its secret. */
export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  secretRotatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** The answer of a creation or a rotation: the only time the secret is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** What became of one delivery: waiting or trying, sent, given up, or withheld at send time. */
const WEBHOOK_DELIVERY_OUTCOMES = ['pending', 'sent', 'failed', 'withheld'] as const;

/** One line of a webhook's delivery log (`GET /api/webhooks/{id}/deliveries`). */
export const webhookDeliverySchema = z.object({
  /** The `X-Bantay-Delivery` header: the same on every try. */
  _id: z.string(),
  event: z.string(),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** When the next try is due; null once it is sent, failed or withheld. */
  nextAttemptAt: z.string().nullable(),
  outcome: z.enum(WEBHOOK_DELIVERY_OUTCOMES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
