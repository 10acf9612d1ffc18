import type { UserType } from '@bantay/shared';
import type { Actor } from '../../http/actor.ts';

/**
 * Who may manage whose account (docs/product.md §2). Pure functions: the routes decide with
 * them, the web uses the same rules only to hide buttons.
 */

/** The account types a caller may see and change in Manage Tanod. */
export function manageableTypes(actor: Pick<Actor, 'userType'>): UserType[] {
  if (actor.userType === 'supadmin') return ['tanod', 'admin', 'supadmin'];
  if (actor.userType === 'admin') return ['tanod'];
  return [];
}

/** The account types a caller may create: nobody creates a supadmin through the API. */
export function creatableTypes(actor: Pick<Actor, 'userType'>): UserType[] {
  if (actor.userType === 'supadmin') return ['tanod', 'admin'];
  if (actor.userType === 'admin') return ['tanod'];
  return [];
}

export function canManageUser(actor: Pick<Actor, 'userType'>, target: { userType: UserType }): boolean {
  return manageableTypes(actor).includes(target.userType);
}
