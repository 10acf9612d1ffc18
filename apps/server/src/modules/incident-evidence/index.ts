/**
 * incident-evidence's door (docs/architecture.md): photos from the scene on an incident's notes
 * and resolution log, and the printable incident report
 * (docs/decisions/019-incident-evidence-and-printouts.md). It reads and records the incident
 * through incidents' door. Other modules import only this file.
 */
export { incidentEvidenceRoutes } from './incident-evidence.routes.ts';
