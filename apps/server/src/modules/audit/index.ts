/** audit's door (docs/architecture.md, "The dependency rule"): writing to the audit trail. */
export { appendAuditEntry } from './audit.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { auditRoutes } from './audit.routes.ts';
