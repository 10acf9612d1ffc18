/**
 * cameras' door (docs/architecture.md): the CCTV cameras, and those nearest an incident (which
 * cameras reads through incidents' door; incidents does not import cameras). Other modules import
 * only this file.
 */
export { cameraRoutes } from './cameras.routes.ts';
