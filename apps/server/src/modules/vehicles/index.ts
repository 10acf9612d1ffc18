/**
 * The door of the vehicles module (docs/architecture.md): the barangay's vehicles, their drivers
 * and the trips they are booked for.
 */
export { vehicleRoutes } from './vehicles.routes.ts';
