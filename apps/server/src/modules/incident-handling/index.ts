/**
 * incident-handling's door (docs/architecture.md): the steps staff take on an incident (respond,
 * assign, resolve, reject, false alarm, confidential, notes), the escalation job, and the return
 * of a deactivated tanod's incident to the queue (wired into users by the composition root). It
 * reads and records the incident through incidents' door. Other modules import only this file.
 */
export { incidentHandlingRoutes } from './incident-handling.routes.ts';
export { escalatePendingIncidents, escalationJob } from './escalation.job.ts';
export { returnIncidentOfDeactivated } from './incident-requeue.ts';
