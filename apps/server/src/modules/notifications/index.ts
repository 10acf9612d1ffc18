/**
 * notifications' door (docs/architecture.md, "The dependency rule"): storing a notification
 * in the cause's transaction (it also pushes, through push's door), and the app paths of a subject.
 */
export { notify, type AfterCommit, type NotifyMessage } from './notifications.service.ts';
export { conversationLinks } from './notification-links.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { notificationRoutes } from './notifications.routes.ts';
