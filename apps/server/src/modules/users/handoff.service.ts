import { msg } from '@lingui/core/macro';
import type { StaffHandoff } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { findManageable } from './staff-accounts.service.ts';
import { presentHandoff } from './handoff.presenter.ts';
import { countShiftsNotOverOf, findInProgressIncidentOf, listOpenLoansOf, listShiftsNotOverOf } from './handoff.repository.ts';

/** Enough to reassign from one dialog; the schedule pages hold the rest. */
const SHIFTS_LISTED = 50;

/**
 * `GET /api/users/{id}/handoff`: what deactivating this account leaves behind, for the dialog that
 * asks the admin to confirm. The same rules as the deactivation itself
 * (staff-accounts.service.ts): an admin asks about tanods only, nobody about their own account.
 */
export async function getStaffHandoff(deps: AppDeps, actor: Actor, id: string): Promise<StaffHandoff> {
  if (id === actor.id) throw forbidden(msg`You cannot deactivate your own account`);
  const user = await findManageable(deps, actor, id);
  const now = deps.clock.now();
  const [incident, openLoans, shifts, shiftCount] = await Promise.all([
    findInProgressIncidentOf(deps.db, user.id),
    listOpenLoansOf(deps.db, user.id),
    listShiftsNotOverOf(deps.db, user.id, now, SHIFTS_LISTED),
    countShiftsNotOverOf(deps.db, user.id, now),
  ]);
  return presentHandoff({ incident, openLoans, shifts, shiftCount }, now);
}
