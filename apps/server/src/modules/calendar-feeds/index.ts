/**
 * calendar-feeds' door (docs/architecture.md, "The dependency rule"): a tanod's shifts as a
 * calendar their phone subscribes to (docs/decisions/034-the-integration-kit.md, "Calendar feeds").
 * It reads schedules', patrol-areas', settings' and users' doors; users ends a deactivated
 * account's feed through `endCalendarFeedOf`, wired by the composition root (deps.ts).
 */
export { endCalendarFeedOf } from './calendar-feeds.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { calendarFeedRoutes } from './calendar-feeds.routes.ts';
