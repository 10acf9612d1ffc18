import type { UserType } from '@bantay/shared';
import type { IncidentRow } from '../../db/schema/index.ts';

/** Pure rules of who may do what with an incident; the services enforce them. */

interface Caller {
  id: string;
  userType: UserType;
  /** Set for an API key: it never sees a confidential case (docs/decisions/034-the-integration-kit.md). */
  apiKey?: unknown;
}

export const isAdmin = (caller: Caller) => caller.userType === 'admin' || caller.userType === 'supadmin';

/**
 * Admins see all; a tanod sees pending reports and those they responded to or were assigned. A
 * confidential case is seen by admins and its current responder only: not while it is pending (an
 * admin assigns it), and no longer by a tanod it was taken from
 * (docs/decisions/027-confidential-cases.md).
 */
export function canSeeIncident(
  caller: Caller,
  incident: Pick<IncidentRow, 'status' | 'responderId' | 'confidential'>,
  wasInvolved: boolean,
): boolean {
  if (caller.apiKey && incident.confidential) return false;
  if (isAdmin(caller)) return true;
  if (caller.userType !== 'tanod') return false;
  if (incident.confidential) return incident.responderId === caller.id;
  return incident.status === 'pending' || incident.responderId === caller.id || wasInvolved;
}

/**
 * A confidential case this caller may not see: every route with its id answers 404 to them, as for
 * an unknown id, rather than the 403 a visible incident's refusals give.
 */
export const isHiddenFrom = (caller: Caller, incident: Pick<IncidentRow, 'status' | 'responderId' | 'confidential'>) =>
  incident.confidential && !canSeeIncident(caller, incident, false);

/** Only admins mark an incident confidential or lift it. */
export const canMarkConfidential = (caller: Caller) => isAdmin(caller);

/** Only tanods claim; admins assign. */
export const canRespondToIncident = (caller: Caller) => caller.userType === 'tanod';

/** The responder, or an admin. */
export const canResolveIncident = (caller: Caller, incident: Pick<IncidentRow, 'responderId'>) =>
  isAdmin(caller) || (caller.userType === 'tanod' && incident.responderId === caller.id);

/**
 * Photos from the scene go on the notes and the resolution log of whoever handles the incident:
 * its responder, or an admin (docs/decisions/019-incident-evidence-and-printouts.md). Other tanods may write a
 * note but not attach photos to it.
 */
export const canAttachEvidence = (caller: Caller, incident: Pick<IncidentRow, 'responderId'>) => canResolveIncident(caller, incident);
