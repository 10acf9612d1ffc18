/**
 * dashboard's door (docs/architecture.md, "The dependency rule"). No other module needs
 * anything of it; the composition root takes its routes here.
 */
export { tanodDashboardRoutes } from './tanod-dashboard.routes.ts';
export { adminDashboardRoutes } from './admin-dashboard.routes.ts';
export { createDashboardMemos, type DashboardMemos } from './dashboard-memos.ts';
