import * as repository from './schedules.repository.ts';

/*
 * Schedules as other modules read them: a patrol checks its schedule and crew, a loan falls due at
 * the end of its borrower's shift. Through schedules' door (index.ts), never the repository.
 */
export const findSchedule: typeof repository.findSchedule = (db, id) => repository.findSchedule(db, id);
export const listMembersOf: typeof repository.listMembersOf = (db, scheduleIds) => repository.listMembersOf(db, scheduleIds);
export const listSchedules: typeof repository.listSchedules = (db, filter) => repository.listSchedules(db, filter);
/** The tanods on a schedule that is ongoing at `now` (who is on duty: patrols/on-duty.ts). */
export const listTanodsOnOngoingSchedules: typeof repository.listTanodsOnOngoingSchedules = (db, now) =>
  repository.listTanodsOnOngoingSchedules(db, now);
