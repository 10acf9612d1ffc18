import type { UserType } from '@bantay/shared';

/**
 * Who may read a blotter entry (docs/decisions/026-the-blotter.md). Admins read every entry; a
 * tanod reads the entries of incidents they handled (responded to or resolved); a confidential
 * entry only its linked incident's responder. Everyone else gets 404, as for an unknown id.
 */

interface Caller {
  id: string;
  userType: UserType;
}

export interface EntryAccessFacts {
  confidential: boolean;
  /** The linked incident's responder and resolver; null without a linked incident. */
  incident: { responderId: string | null; resolvedById: string | null } | null;
}

export const isAdmin = (caller: Caller) => caller.userType === 'admin' || caller.userType === 'supadmin';

export function canReadEntry(caller: Caller, entry: EntryAccessFacts): boolean {
  if (isAdmin(caller)) return true;
  if (caller.userType !== 'tanod' || !entry.incident) return false;
  if (entry.confidential) return entry.incident.responderId === caller.id;
  return entry.incident.responderId === caller.id || entry.incident.resolvedById === caller.id;
}
