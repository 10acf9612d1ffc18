import { isAdminLike } from '@bantay/shared';
import type { LoanRow } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';

/** Admins (and supadmins) manage the inventory and see everyone's loans. */
export function canManageInventory(actor: Pick<Actor, 'userType'>): boolean {
  return isAdminLike(actor.userType);
}

/** The borrower sees and returns their own loan; admins any loan. */
export function canHandleLoan(actor: Pick<Actor, 'id' | 'userType'>, loan: Pick<LoanRow, 'borrowerId'>): boolean {
  return canManageInventory(actor) || loan.borrowerId === actor.id;
}
