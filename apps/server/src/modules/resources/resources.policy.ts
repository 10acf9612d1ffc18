import { isAdminLike } from '@bantay/shared';
import type { LoanRow, TripRow } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';

/** Admins (and supadmins) manage the inventory, vehicles and trips, and see everyone's loans. */
export function canManageResources(actor: Pick<Actor, 'userType'>): boolean {
  return isAdminLike(actor.userType);
}

/** The borrower sees and returns their own loan; admins any loan. */
export function canHandleLoan(actor: Pick<Actor, 'id' | 'userType'>, loan: Pick<LoanRow, 'borrowerId'>): boolean {
  return canManageResources(actor) || loan.borrowerId === actor.id;
}

/** The driver who requested a trip completes or cancels it; admins may too. */
export function canHandleTrip(actor: Pick<Actor, 'id' | 'userType'>, trip: Pick<TripRow, 'requesterId'>): boolean {
  return canManageResources(actor) || trip.requesterId === actor.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths that are not ours answer 404, exactly as unknown ones. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
