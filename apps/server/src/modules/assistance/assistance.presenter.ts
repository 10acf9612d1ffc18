import type { AssistanceRequest } from '@bantay/shared';
import type { AssistanceRequestRow } from '../../db/schema/index.ts';
import { presentPerson, type PersonRow } from '../users/index.ts';
import type { IncidentSummary } from './assistance.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export interface AssistanceParts {
  people: Map<string, PersonRow>;
  incidents: Map<string, IncidentSummary>;
  dispatches: Map<string, string[]>;
}

/** Someone deleted from the people map (never happens: users are deactivated, not deleted) shows as unknown. */
const unknownPerson = (id: string): PersonRow => ({ id, firstName: 'Unknown', lastName: '', userType: 'tanod', profilePicture: null });

export function presentAssistanceRequest(row: AssistanceRequestRow, parts: AssistanceParts): AssistanceRequest {
  const person = (id: string) => presentPerson(parts.people.get(id) ?? unknownPerson(id));
  const incident = row.incidentId ? parts.incidents.get(row.incidentId) : undefined;
  return {
    _id: row.id,
    incident: incident ? { _id: incident.id, ticket: incident.ticket, type: incident.type, classification: incident.classification } : null,
    requester: person(row.requesterId),
    location: { lat: row.lat, lng: row.lng, accuracy: row.accuracy },
    reason: row.reason,
    status: row.status,
    decidedBy: row.decidedById ? person(row.decidedById) : null,
    decidedAt: iso(row.decidedAt),
    rejectionReason: row.rejectionReason,
    dispatchedTanods: (parts.dispatches.get(row.id) ?? []).map(person),
    agency: row.agency ? { name: row.agency, reference: row.agencyReference } : null,
    deployedAt: iso(row.deployedAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
