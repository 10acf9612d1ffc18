import { z } from 'zod';

/** The channels an alert goes out by (decision 016). */
export const DELIVERY_CHANNELS = ['push', 'sms', 'email', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** A delivery the server gave up on, as the supadmin sees it. */
export const failedDeliverySchema = z.object({
  _id: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** Why it was sent, e.g. `incident.emergency_reported`. */
  kind: z.string(),
  /** The recipient account, when there is one. */
  recipient: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** Where it was going, partly hidden: `+63917•••4567`, `ju•••@example.com`, `push (Chrome on Android)`. */
  destination: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type FailedDelivery = z.infer<typeof failedDeliverySchema>;

export const failedDeliveryListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const failedDeliveryListSchema = z.object({ items: z.array(failedDeliverySchema), nextCursor: z.string().nullable() });
export type FailedDeliveryList = z.infer<typeof failedDeliveryListSchema>;
