/**
 * privacy's door (docs/architecture.md, "The dependency rule"). No other module needs
 * anything of it; the composition root takes its routes here.
 */
export { privacyRoutes } from './privacy.routes.ts';
export { reporterRetentionJob } from './reporter-retention.job.ts';
