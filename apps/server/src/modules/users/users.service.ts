import { msg } from '@lingui/core/macro';
import type { CurrentUser } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { findUserWithUnreadFlag } from './users.repository.ts';
import { presentCurrentUser } from './users.presenter.ts';

export async function getCurrentUser(deps: AppDeps, actor: Actor): Promise<CurrentUser> {
  return deps.readCache.get('currentUser', actor.id, deps.clock.now(), async () => {
    const found = await findUserWithUnreadFlag(deps.db, actor.id);
    if (!found) throw notFound(msg`User not found`);
    return {
      value: presentCurrentUser(found.user, { hasUnreadNotifications: found.hasUnreadNotifications }),
      dependsOn: [actor.id],
    };
  });
}
