/**
 * api-keys' door (docs/architecture.md, "The dependency rule"). Only the composition root uses it:
 * the route guard reaches `authenticateApiKey` through AppDeps.links.
 */
export { apiKeyRoutes } from './api-keys.routes.ts';
export { authenticateApiKey } from './api-keys.service.ts';
