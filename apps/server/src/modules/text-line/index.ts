/**
 * text-line's door (docs/architecture.md, "The dependency rule"; docs/decisions/032-the-text-line.md):
 * residents without data reach the tanods by SMS and missed call through the barangay's phone. The
 * composition root takes its routes, its job and the opt-out check the SMS delivery channel asks.
 */
export { optedOut, STOP_CONFIRMATION_KIND } from './outgoing.ts';
export { eraseTextLineOf } from './text-line-erasure.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { textLineRoutes } from './inbox.routes.ts';
export { inboundSmsRoutes } from './inbound.routes.ts';
export { gatewayWatchJob } from './gateway.service.ts';
