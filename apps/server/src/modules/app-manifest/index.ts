/**
 * app-manifest's door (docs/architecture.md, "The dependency rule"). No other module needs
 * anything of it; the composition root takes its routes here.
 */
export { appManifestRoutes } from './app-manifest.routes.ts';
export { DrawnAppIcons } from './app-manifest.service.ts';
