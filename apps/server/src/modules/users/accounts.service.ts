import * as repository from './users.repository.ts';

/*
 * The account reads and writes other modules make: sign-in counters and the first supadmin
 * (auth), a resident's sign-up (residents), a new password (password-reset, two-factor), the
 * socket server's presence flags (wired in by the composition root). users owns the table; these
 * are the ways in from outside, through users' door (index.ts), so a module never reaches the
 * repository itself.
 */

export const findUserById: typeof repository.findUserById = (db, id) => repository.findUserById(db, id);
export const findUserByUsername: typeof repository.findUserByUsername = (db, username) => repository.findUserByUsername(db, username);
export const findStaffByLogin: typeof repository.findStaffByLogin = (db, identifier) => repository.findStaffByLogin(db, identifier);
export const findIdentityConflicts: typeof repository.findIdentityConflicts = (db, userId, values) =>
  repository.findIdentityConflicts(db, userId, values);
export const insertUser: typeof repository.insertUser = (db, values) => repository.insertUser(db, values);
export const updateUser: typeof repository.updateUser = (db, id, values) => repository.updateUser(db, id, values);
export const listActiveUsersOfTypes: typeof repository.listActiveUsersOfTypes = (db, types, excludeId) =>
  repository.listActiveUsersOfTypes(db, types, excludeId);
/** Who is a tanod: every active tanod's id (the on-duty fallback, a request for backup). */
export const listActiveTanodIds: typeof repository.listActiveTanodIds = (db) => repository.listActiveTanodIds(db);
/** Who is online, for many users at once; the users whose flag changed. */
export const setUsersPresence: typeof repository.setUsersPresence = (db, entries, now) => repository.setUsersPresence(db, entries, now);
/** After a restart of a single instance nobody is connected yet: clears stale online flags. */
export const markAllUsersOffline: typeof repository.markAllUsersOffline = (db, now) => repository.markAllUsersOffline(db, now);
