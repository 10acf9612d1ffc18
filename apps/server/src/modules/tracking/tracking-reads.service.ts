import * as repository from './tracking.repository.ts';

/*
 * Live tracking as other modules read it: where the tanods near a backup request were lately
 * (assistance), whether a tanod has tracking on (patrols). Through tracking's door (index.ts).
 */
export const listRecentPositionsOf: typeof repository.listRecentPositionsOf = (db, userIds, since) =>
  repository.listRecentPositionsOf(db, userIds, since);
export const isTrackingSwitchedOn: typeof repository.isTrackingSwitchedOn = (db, userId) => repository.isTrackingSwitchedOn(db, userId);
