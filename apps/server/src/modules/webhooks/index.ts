/**
 * webhooks' door (docs/architecture.md, "The dependency rule"): the events other modules send in
 * the transaction of their cause (incidents, incident-handling, assistance, advisories, patrols),
 * and the delivery channel the composition root plugs into the worker (deps.ts), with incidents'
 * confidential check, which webhooks cannot import.
 */
export { sendAdvisoryPublished, sendAssistanceRequested, sendIncidentReported, sendIncidentStatusChanged, sendPatrolMissed } from './webhook-events.ts';
export { webhookChannel } from './webhook-channel.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { webhookRoutes } from './webhooks.routes.ts';
