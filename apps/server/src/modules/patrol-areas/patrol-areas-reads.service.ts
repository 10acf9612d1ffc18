import * as repository from './patrol-areas.repository.ts';

/** One patrol area as stored, for schedules and patrols; through patrol-areas' door (index.ts). */
export const findPatrolArea: typeof repository.findPatrolArea = (db, id) => repository.findPatrolArea(db, id);
