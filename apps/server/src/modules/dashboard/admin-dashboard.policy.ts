import { isAdminLike } from '@bantay/shared';
import type { Actor } from '../../http/actor.ts';

/** The admin dashboard shows the whole barangay's figures: admins and the supadmin only. */
export function canSeeAdminDashboard(actor: Pick<Actor, 'userType'>): boolean {
  return isAdminLike(actor.userType);
}
