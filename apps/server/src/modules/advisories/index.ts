/**
 * advisories' door (docs/architecture.md, "The dependency rule"). No other module needs
 * anything of it; the composition root takes its routes here.
 */
export { advisoryRoutes } from './advisories.routes.ts';
export { createPublicAdvisoriesCache, landingAdvisories, type PublicAdvisoriesCache } from './advisories.service.ts';
export { advisoryAnnouncementsJob } from './announcements.job.ts';
