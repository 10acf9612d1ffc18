import { msg } from '@lingui/core/macro';
import { INCIDENT_LIMITS, distanceMeters, type IncidentClassification } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import type { AddressCount } from '../../http/public-guards.ts';
import { AppError } from '../../lib/app-error.ts';
import { listBurstGroupCandidates } from './emergency-bursts.repository.ts';

/**
 * Emergency bursts (docs/decisions/031-emergency-bursts.md). Philippine carriers put many phones
 * behind one public address, so during a big fire the neighbours' reports all come from a few
 * addresses. Past an address's hourly limit an emergency is still taken when its device has not
 * reported this hour and it carries its own solved bot check (checked after this), marked as part
 * of a burst; the route's hard ceiling stops floods.
 */

/** Whether the report comes in as part of a burst; throws when its address is past its limit and it may not. */
export function admitPastAddressLimit(address: AddressCount, classification: IncidentClassification, newDevice: boolean): boolean {
  if (!address.over) return false;
  if (classification === 'emergency' && newDevice) return true;
  throw new AppError('RATE_LIMITED', msg`Too many reports from this network. Please call the hotline if this is urgent.`, {
    retryAfterSeconds: address.retryAfterSeconds,
  });
}

/**
 * The group a burst report joins: the nearest open report of its type within the duplicate radius
 * and window (docs/product.md §4.2), or the group that one is held in, so a group's id is always a
 * report that alerted staff. Null when there is none: the report is news and alerts as any other.
 */
export async function burstGroupOf(tx: Executor, type: string, location: { lat: number; lng: number }, now: Date): Promise<string | null> {
  const candidates = await listBurstGroupCandidates(tx, type, new Date(now.getTime() - INCIDENT_LIMITS.duplicateWindowMs));
  const nearest = candidates
    .map((candidate) => ({ candidate, meters: distanceMeters(candidate, location) }))
    .filter(({ meters }) => meters <= INCIDENT_LIMITS.duplicateRadiusMeters)
    .sort((a, b) => a.meters - b.meters)[0]?.candidate;
  return nearest ? (nearest.burstGroupId ?? nearest.id) : null;
}
