/**
 * plain-pages' door (docs/architecture.md, "The dependency rule"): the emergency form, the report
 * form and the ticket lookup as server-rendered pages for browsers without JavaScript
 * (docs/decisions/033-pages-without-javascript.md). Nothing else uses it; it reports through
 * incidents' door and reads settings' and patrol-areas'.
 */

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { plainPageRoutes } from './plain-pages.routes.ts';
export { liteAddressOf } from './lite-address.ts';
