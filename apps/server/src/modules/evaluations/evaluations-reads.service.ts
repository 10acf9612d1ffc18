import * as repository from './evaluations.repository.ts';

/*
 * Ratings as other modules read them: a tanod's dashboard shows the latest comments about them.
 * Through evaluations' door (index.ts), never the repository.
 */
export const listRecentComments: typeof repository.listRecentComments = (db, tanodIds, perTanod) => repository.listRecentComments(db, tanodIds, perTanod);
