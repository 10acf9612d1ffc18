import { isAdminLike } from '@bantay/shared';
import type { Actor } from '../../http/actor.ts';

/** Only the tanod themself, an admin or the supadmin sees a tanod's figures. */
export function canSeePerformance(actor: Pick<Actor, 'id' | 'userType'>, tanodId: string): boolean {
  return isAdminLike(actor.userType) || actor.id === tanodId;
}

/** Reports (every tanod's figures, re-checked password) are for admins and the supadmin. */
export function canReportPerformance(actor: Pick<Actor, 'userType'>): boolean {
  return isAdminLike(actor.userType);
}
