/**
 * The door of the resources report (docs/architecture.md): the equipment and vehicle audit report
 * of a period, as PDF or CSV. It reads the inventory's and the vehicles' tables for the period
 * itself (resources-report.repository.ts), as a report over both.
 */
export { resourcesReportRoutes } from './resources-report.routes.ts';
