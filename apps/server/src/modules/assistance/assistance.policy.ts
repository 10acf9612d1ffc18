import { OPEN_ASSISTANCE_STATUSES, type AssistanceStatus, type UserType } from '@bantay/shared';

/** Pure rules of who may see a backup request; the service enforces them. */

interface Caller {
  id: string;
  userType: UserType;
}

export interface RequestAudience {
  requesterId: string;
  status: AssistanceStatus;
  /** The tanods an admin dispatched to it. */
  dispatched: readonly string[];
  /** The tanods its alert was sent to (the on-duty ones near it when it was made). */
  alerted: readonly string[];
  /** Whether the incident it is about is confidential now. */
  aboutConfidentialCase: boolean;
}

const isOpen = (status: AssistanceStatus) => (OPEN_ASSISTANCE_STATUSES as readonly AssistanceStatus[]).includes(status);

/**
 * Admins see every request; a tanod their own, those they were dispatched to, and any open one, so
 * that whoever is near can go. An open request about a confidential case names its ticket, place and
 * reason, so it is seen only by the tanods its alert reached (docs/decisions/027-confidential-cases.md).
 */
export function canSeeAssistanceRequest(caller: Caller, request: RequestAudience): boolean {
  if (caller.userType === 'admin' || caller.userType === 'supadmin') return true;
  if (caller.userType !== 'tanod') return false;
  if (request.requesterId === caller.id || request.dispatched.includes(caller.id)) return true;
  if (!isOpen(request.status)) return false;
  return !request.aboutConfidentialCase || request.alerted.includes(caller.id);
}

/**
 * Who besides the staff rooms hears a request's live events: the requester and the dispatched
 * tanods; for one about a confidential case, which goes to the admins' rooms only, also the tanods
 * its alert reached.
 */
export function liveAudienceOf(request: RequestAudience): { confidential: boolean; userIds: string[] } {
  const userIds = [request.requesterId, ...request.dispatched, ...(request.aboutConfidentialCase ? request.alerted : [])];
  return { confidential: request.aboutConfidentialCase, userIds: [...new Set(userIds)] };
}
