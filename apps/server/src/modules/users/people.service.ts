import type { ResourcePerson, StaffPerson } from '@bantay/shared';
import * as repository from './people.repository.ts';

/*
 * The people other modules name and check by id (inventory's borrowers, vehicles' drivers, the
 * resources report): users owns the table, so these reads are its, given out through users' door
 * (index.ts) and never through the repository.
 */

/** Name and photo of each id (nulls skipped), by id, in one query. */
export const findPeople: typeof repository.findPeople = (db, ids) => repository.findPeople(db, ids);
/**
 * The people named on an incident's timeline, a hearing or a backup request, with their roles, by
 * id (incidents, incident-handling, incident-evidence, blotter, assistance).
 */
export const findPersonRows: typeof repository.findPersonRows = (db, ids) => repository.findPersonRows(db, ids);
export type { PersonRow } from './people.repository.ts';

/** A person as the staff screens show them. */
export function presentPerson(row: repository.PersonRow): StaffPerson {
  return { _id: row.id, firstName: row.firstName, lastName: row.lastName, userType: row.userType, profilePicture: row.profilePicture };
}

/** An active tanod: who may borrow, be issued equipment or drive. */
export const findActiveTanod: typeof repository.findActiveTanod = (db, id) => repository.findActiveTanod(db, id);
/** The active tanods among `ids`. */
export const findActiveTanods: typeof repository.findActiveTanods = (db, ids) => repository.findActiveTanods(db, ids);

/** People by id, as findPeople answers them. */
export type People = Map<string, ResourcePerson>;

/** Someone named on a record, or a stand-in when the account is gone from the answer. */
export function personOf(people: People, id: string): ResourcePerson {
  return people.get(id) ?? { _id: id, firstName: 'Unknown', lastName: 'user', profilePicture: null };
}
