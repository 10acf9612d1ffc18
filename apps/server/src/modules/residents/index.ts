/**
 * residents' door (docs/architecture.md, "The dependency rule"). No other module needs
 * anything of it; the composition root takes its routes here.
 */
export { residentRoutes } from './residents.routes.ts';
