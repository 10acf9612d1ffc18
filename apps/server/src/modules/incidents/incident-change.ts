import type { IncidentRow } from '../../db/schema/index.ts';
import type { IncidentChange } from '../../lib/domain-events.ts';

/**
 * The domain event of a change to this incident: the realtime layer sends a confidential one only
 * to admins and its responder (realtime/domain-bridge.ts).
 */
export function incidentChange(incident: Pick<IncidentRow, 'id' | 'updatedAt' | 'confidential' | 'responderId'>): IncidentChange {
  return { id: incident.id, updatedAt: incident.updatedAt, confidential: incident.confidential, responderId: incident.responderId };
}
