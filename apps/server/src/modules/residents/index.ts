/**
 * residents' door (docs/architecture.md, "The dependency rule"): the text line asks it who owns a
 * mobile number and where their home is (docs/decisions/032-the-text-line.md); the composition
 * root takes its routes here.
 */
export { findVerifiedResident, homePlaceOf, type HomePlace } from './resident-home.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { residentRoutes } from './residents.routes.ts';
