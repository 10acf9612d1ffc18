import { and, eq, inArray } from 'drizzle-orm';
import type { ResourcePerson } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

/** The people named on loans and trips (name and photo), by id, in one query. */
export async function findPeople(
  db: Executor,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, ResourcePerson>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      _id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row._id, row]));
}

/** An active tanod: who may borrow, be issued equipment or drive. */
export async function findActiveTanod(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.userType, 'tanod'), eq(users.status, 'active')))
    .limit(1);
  return row;
}

/** The active tanods among `ids`. */
export async function findActiveTanods(db: Executor, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.userType, 'tanod'), eq(users.status, 'active')));
}

/** Someone named on an incident, a hearing or a backup request, with their role (a staff person on screen). */
export type PersonRow = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'userType' | 'profilePicture'>;

/** The people named on a record, with their roles, by id, in one query. */
export async function findPersonRows(db: Executor, ids: string[]): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userType: users.userType, profilePicture: users.profilePicture })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
