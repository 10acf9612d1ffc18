/**
 * incidents' door (docs/architecture.md): the incident record (a report, its timeline and its
 * photos), the public's side (report, ticket, a resident's reports) and the staff's view (list,
 * CSV, detail). Other modules import only this file: incident-handling (the steps that change an
 * incident), incident-evidence (photos from the scene and the printout), cameras, evaluations,
 * assistance, blotter and residents.
 */
export { incidentRoutes } from './incidents.routes.ts';
export { staffIncidentRoutes } from './staff-incidents.routes.ts';
export { unclaimedPhotosJob } from './unclaimed-photos.job.ts';
export { burstSummaryJob } from './emergency-bursts.job.ts';
export { listMyReports, lookUpTicket, reportIncident } from './incidents.service.ts';
export {
  auditConfidentialView,
  getIncident,
  incidentById,
  incidentDetail,
  visibleIncident,
} from './staff-incidents.service.ts';
export { addIncidentEvent, incidentByTicket, markIncidentChanged, recordIncidentStep } from './incident-record.service.ts';
export { incidentChange } from './incident-change.ts';
export { reportByText } from './text-report.service.ts';
export { canAttachEvidence, canMarkConfidential, canResolveIncident, canRespondToIncident, isAdmin, isHiddenFrom } from './incidents.policy.ts';
