/**
 * blotter's door (docs/architecture.md, "The dependency rule"): privacy closes a deleted
 * account's copy requests through it; the composition root takes its routes here.
 */
export { withdrawCopyRequestsOf } from './blotter-copy.service.ts';
export { blotterRoutes } from './blotter.routes.ts';
