/**
 * advisories' door (docs/architecture.md, "The dependency rule"). The CAP module reads the
 * published advisories and writes the drafts an outside feed brings through it; the composition
 * root takes its routes here.
 */
export { advisoryRoutes } from './advisories.routes.ts';
export { createPublicAdvisoriesCache, landingAdvisories, type PublicAdvisoriesCache } from './advisories.service.ts';
export { advisoryAnnouncementsJob } from './announcements.job.ts';
export {
  capAdvisories,
  capAdvisory,
  endFeedAdvisory,
  reviseFeedAdvisory,
  saveFeedDraft,
  type CapAdvisory,
  type FeedAdvisoryFields,
} from './advisories-feed.service.ts';
