import type { UserType } from '@bantay/shared';

/**
 * The web app's pages for an incident, as the server puts them in messages. They must match what
 * the web opens: staff handle an incident on the tanod's patrol map or the admin's tracking page,
 * both reading `?incident=` (apps/web/src/features/incidents/IncidentAlerts.tsx, incidentPagePath),
 * and the public ticket page reads `?ticket=` (apps/web/src/features/report/receipt.ts, trackPath).
 */

/** Where this staff member handles the incident. */
export function staffIncidentPath(userType: UserType, incidentId: string): string {
  const page = userType === 'tanod' ? '/Patrolmap' : '/Patrol&incidenttracking';
  return `${page}?incident=${encodeURIComponent(incidentId)}`;
}

/** The public status page of a ticket, which anyone holding the ticket may open. */
export function ticketPagePath(ticket: string): string {
  return `/Reportincidents?ticket=${encodeURIComponent(ticket)}`;
}
