import type { NotificationEntityType } from '@bantay/shared';

/**
 * The app path that opens a notification's subject, for each staff role: a tanod and an admin
 * handle the same incident (or schedule, or loan) on different pages. They are the web router's
 * paths (apps/web/src/app/router.tsx) with the query the page reads: `?incident=` on the patrol
 * map and the tracking page, `?tab=` on the admin pages with tabs, `?conversation=` for the chat
 * that the top bar's Messages button opens on any staff page. A push alert opens the same path.
 */
export interface RoleLinks {
  tanod: string | null;
  admin: string | null;
}

const TANOD_HOME = '/Dashboard';
const ADMIN_HOME = '/Admindashboard';

export function notificationLinks(entity: { type: NotificationEntityType; id: string } | undefined): RoleLinks {
  if (!entity) return { tanod: null, admin: null };
  const id = encodeURIComponent(entity.id);
  switch (entity.type) {
    case 'incident':
      return { tanod: `/Patrolmap?incident=${id}`, admin: `/Patrol&incidenttracking?incident=${id}` };
    case 'assistance':
      // The tanod's backup requests are listed beside the patrol map.
      return { tanod: '/Patrolmap', admin: '/Patrol&incidenttracking?tab=backup' };
    case 'schedule':
      return { tanod: '/Schedule', admin: '/ManagePatrolschedules' };
    case 'patrol':
      return { tanod: '/Schedule', admin: '/Patrol&incidenttracking?tab=map' };
    case 'loan':
      return { tanod: '/Equipments', admin: '/Resources?tab=loans' };
    case 'inventory_item':
      return { tanod: '/Equipments', admin: '/Resources' };
    case 'vehicle':
      return { tanod: '/Equipments', admin: '/Resources?tab=vehicles' };
    case 'vehicle_request':
      return { tanod: '/Equipments', admin: '/Resources?tab=trips' };
    case 'conversation':
      return conversationLinks(entity.id);
    case 'evaluation':
      return { tanod: '/Performance', admin: '/ManageTanod?tab=performance' };
    case 'user':
      return { tanod: '/myaccount', admin: '/ManageTanod' };
    case 'blotter_entry':
      // The blotter is an admin's book: a tanod told of a hearing they mediate has no page of it to open.
      return { tanod: null, admin: `/Patrol&incidenttracking?tab=blotter&entry=${id}` };
    case 'advisory':
      // Drafts read from a CAP feed wait for an admin on the advisories tab; tanods have no page of them.
      return { tanod: null, admin: '/ManagePatrolschedules?tab=advisories' };
  }
}

/** A chat opens over the role's home page (the Messages button reads `?conversation=`). */
export function conversationLinks(conversationId: string): { tanod: string; admin: string } {
  const query = `?conversation=${encodeURIComponent(conversationId)}`;
  return { tanod: `${TANOD_HOME}${query}`, admin: `${ADMIN_HOME}${query}` };
}
