/** performance's door (docs/architecture.md, "The dependency rule"): the scores the dashboards show. */
export { getTanodPerformance, topPerformers } from './performance.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { performanceRoutes } from './performance.routes.ts';
