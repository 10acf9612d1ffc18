/** patrol-areas' door (docs/architecture.md, "The dependency rule"). */
export { findPatrolArea, findPatrolAreaByName, listActivePatrolAreaNames, listActivePatrolAreas } from './patrol-areas-reads.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { patrolAreaRoutes } from './patrol-areas.routes.ts';
