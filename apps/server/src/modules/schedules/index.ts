/** schedules' door (docs/architecture.md, "The dependency rule"). */
export { findSchedule, listMembersOf, listSchedules, listTanodsOnOngoingSchedules } from './schedules-reads.service.ts';
export { presentSchedules } from './schedules.presenter.ts';
export { describeWindow } from './shift-times.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { scheduleRoutes } from './schedules.routes.ts';
export { rosterRoutes } from './roster.routes.ts';
export { scheduleRemindersJob } from './schedule-reminders.job.ts';
