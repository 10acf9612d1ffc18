/**
 * users' door (docs/architecture.md, "The dependency rule"): what other modules may use of
 * the accounts. The account reads and writes go through accounts.service.ts, never the repository.
 */
export {
  findIdentityConflicts,
  findStaffByLogin,
  findUserById,
  findUserByUsername,
  insertUser,
  listActiveTanodIds,
  listActiveUsersOfTypes,
  markAllUsersOffline,
  setUsersPresence,
  updateUser,
} from './accounts.service.ts';
export { getCurrentUser } from './users.service.ts';
export { presentUserSummary } from './users.presenter.ts';
export type { StaffAccountEffects } from './account-effects.ts';
export {
  findActiveTanod,
  findActiveTanods,
  findPeople,
  findPersonRows,
  personOf,
  presentPerson,
  type People,
  type PersonRow,
} from './people.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { userRoutes } from './users.routes.ts';
