/**
 * deliveries' door (docs/architecture.md, "The dependency rule"): enqueueing an outgoing
 * alert in the cause's transaction, and the worker and channel types a sender plugs in (push's
 * channel, wired by the composition root in deps.ts).
 */
export {
  dropWebhookDeliveries,
  enqueueDeliveries,
  listWebhookDeliveries,
  type DeliveryRequest,
  type PushPayload,
  type WebhookPayload,
} from './deliveries.service.ts';
export {
  DeliveryWorker,
  type DeliveryChannel,
  type DeliveryOutcome,
  type DeliveryWorkerLogger,
  type DeliveryWorkerOptions,
} from './delivery-worker.ts';
export { emailChannel, smsChannel } from './channels.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { deliveryRoutes } from './deliveries.routes.ts';
export { deliveryRetentionJob } from './retention.job.ts';
