/** tracking's door (docs/architecture.md, "The dependency rule"). */
export { isTrackingSwitchedOn, listRecentPositionsOf } from './tracking-reads.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { trackingRoutes } from './tracking.routes.ts';
export { TrackingIngest } from './tracking.service.ts';
export { trackRetentionJob } from './retention.job.ts';
