import { isAdminLike } from '@bantay/shared';
import type { TripRow } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';

/** Admins (and supadmins) manage the vehicles and decide on trips. */
export function canManageVehicles(actor: Pick<Actor, 'userType'>): boolean {
  return isAdminLike(actor.userType);
}

/** The driver who requested a trip completes or cancels it; admins may too. */
export function canHandleTrip(actor: Pick<Actor, 'id' | 'userType'>, trip: Pick<TripRow, 'requesterId'>): boolean {
  return canManageVehicles(actor) || trip.requesterId === actor.id;
}
