/**
 * blotter's door (docs/architecture.md, "The dependency rule"). No other module needs
 * anything of it; the composition root takes its routes here.
 */
export { blotterRoutes } from './blotter.routes.ts';
