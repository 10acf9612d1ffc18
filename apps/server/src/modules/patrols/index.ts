/**
 * patrols' door (docs/architecture.md): what other modules may use of patrols. Other modules
 * import only this file.
 */
export { onDutyTanodIds } from './on-duty.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { patrolRoutes } from './patrols.routes.ts';
export { absencesJob } from './absences.job.ts';
