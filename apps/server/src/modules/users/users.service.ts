import type { CurrentUser } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../auth/actor.ts';
import { hasUnreadNotifications } from '../notifications/notifications.service.ts';
import { findUserById } from './users.repository.ts';
import { presentCurrentUser } from './users.presenter.ts';

export async function getCurrentUser(deps: AppDeps, actor: Actor): Promise<CurrentUser> {
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw notFound('User');
  return presentCurrentUser(user, { hasUnreadNotifications: await hasUnreadNotifications(deps, user.id) });
}
