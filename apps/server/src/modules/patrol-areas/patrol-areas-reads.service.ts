import * as repository from './patrol-areas.repository.ts';
import type { Executor } from '../../db/transaction.ts';
import type { PatrolAreaRow } from '../../db/schema/index.ts';

/** One patrol area as stored, for schedules and patrols; through patrol-areas' door (index.ts). */
export const findPatrolArea: typeof repository.findPatrolArea = (db, id) => repository.findPatrolArea(db, id);

/** An area by its name, regardless of case (a resident's home purok: modules/residents/resident-home.ts). */
export const findPatrolAreaByName: typeof repository.findPatrolAreaByName = (db, name) => repository.findPatrolAreaByName(db, name);

/** The active areas' names, by name: the puroks a resident may pick as home. */
export async function listActivePatrolAreaNames(db: Executor): Promise<string[]> {
  return (await repository.listPatrolAreas(db, false)).map((area) => area.name);
}

/** The active areas by name: the barangay's puroks, as the pages without JavaScript offer them (modules/plain-pages). */
export function listActivePatrolAreas(db: Executor): Promise<PatrolAreaRow[]> {
  return repository.listPatrolAreas(db, false);
}
