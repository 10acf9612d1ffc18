/**
 * cap's door (docs/architecture.md, "The dependency rule"): the Common Alerting Protocol feed
 * out of the barangay's advisories and the outside CAP feeds read into draft advisories
 * (docs/decisions/034-the-integration-kit.md). Only the composition root uses it.
 */
export { capOutRoutes } from './cap-out.routes.ts';
export { capFeedJob } from './cap-in.job.ts';
