/**
 * push's door (docs/architecture.md, "The dependency rule"): web push alerts for a stored
 * notification, a chat message and a resident's ticket, and the delivery channel that sends them.
 */
export { endSessionsPush, pushChatMessage, pushNotification, pushTicketProgress } from './push.service.ts';
export { pushChannel } from './push-channel.ts';
export { erasePushDataOf } from './push-erasure.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { pushRoutes } from './push.routes.ts';
export { pushSubscriptionSweepJob } from './subscription-sweep.job.ts';
