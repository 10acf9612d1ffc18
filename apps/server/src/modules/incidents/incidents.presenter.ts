import type { MyReport, PublicTicket, PublicTimelineEntry } from '@bantay/shared';
import type { IncidentEventRow, IncidentRow } from '../../db/schema/index.ts';

/** About 110 m: enough to know the street, not the house. */
const roundCoarse = (value: number) => Math.round(value * 1000) / 1000;

function canRateIncident(incident: IncidentRow, alreadyRated: boolean): boolean {
  return incident.status === 'resolved' && incident.responderId !== null && !alreadyRated;
}

/** What the ticket holder sees: never the reporter, the description, photos or the exact point. */
export function presentPublicTicket(
  incident: IncidentRow,
  events: { event: IncidentEventRow; subjectFirstName: string | null; actorFirstName: string | null }[],
  responderFirstName: string | null,
  alreadyRated: boolean,
): PublicTicket {
  const timeline: PublicTimelineEntry[] = [];
  for (const { event, subjectFirstName, actorFirstName } of events) {
    const at = event.at.toISOString();
    switch (event.kind) {
      case 'created':
        timeline.push({ kind: 'reported', at, tanodFirstName: null, reason: null });
        break;
      case 'assigned':
      case 'responded':
        timeline.push({ kind: 'responding', at, tanodFirstName: subjectFirstName ?? actorFirstName, reason: null });
        break;
      case 'returned_to_queue':
        // Who left the force is staff's business; the reporter learns the report waits again.
        timeline.push({ kind: 'requeued', at, tanodFirstName: null, reason: null });
        break;
      case 'resolved':
        // The resolution log is staff's working text and may name people: not public.
        timeline.push({ kind: 'resolved', at, tanodFirstName: null, reason: null });
        break;
      case 'rejected':
      case 'false_alarm':
        timeline.push({ kind: event.kind, at, tanodFirstName: null, reason: event.detail ?? incident.closingReason });
        break;
      case 'rated':
        timeline.push({ kind: 'rated', at, tanodFirstName: null, reason: null });
        break;
      default:
        // Notes and assistance steps are staff-private.
        break;
    }
  }
  if (incident.confidential) return presentConfidentialTicket(incident, timeline);
  const hasText = Boolean(incident.address || incident.landmark);
  return {
    ticket: incident.ticket,
    type: incident.type,
    classification: incident.classification,
    status: incident.status,
    reportedAt: incident.createdAt.toISOString(),
    occurredAt: incident.occurredAt.toISOString(),
    updatedAt: incident.updatedAt.toISOString(),
    location: {
      address: incident.address,
      landmark: incident.landmark,
      approximate: hasText ? null : { lat: roundCoarse(incident.lat), lng: roundCoarse(incident.lng) },
    },
    timeline,
    responderFirstName,
    confidential: false,
    canRate: canRateIncident(incident, alreadyRated),
  };
}

/**
 * A confidential case's ticket (docs/decisions/027-confidential-cases.md): its status and the times
 * of its steps, nothing else. Whoever holds the ticket may not be the victim (a shared phone, a
 * forwarded text), so no type, place, description, names or reasons, and no rating form (a rating
 * would name the responder on the staff's pages).
 */
function presentConfidentialTicket(incident: IncidentRow, timeline: PublicTimelineEntry[]): PublicTicket {
  const reportedAt = incident.createdAt.toISOString();
  return {
    ticket: incident.ticket,
    type: 'Confidential report',
    classification: incident.classification,
    status: incident.status,
    reportedAt,
    // When it happened says something about it: the report's own time stands in.
    occurredAt: reportedAt,
    updatedAt: incident.updatedAt.toISOString(),
    location: { address: null, landmark: null, approximate: null },
    timeline: timeline.map((entry) => ({ kind: entry.kind, at: entry.at, tanodFirstName: null, reason: null })),
    responderFirstName: null,
    confidential: true,
    canRate: false,
  };
}

export function presentMyReport(incident: IncidentRow, photoCount: number, alreadyRated: boolean): MyReport {
  return {
    _id: incident.id,
    ticket: incident.ticket,
    type: incident.type,
    classification: incident.classification,
    status: incident.status,
    description: incident.description,
    reportedAt: incident.createdAt.toISOString(),
    occurredAt: incident.occurredAt.toISOString(),
    updatedAt: incident.updatedAt.toISOString(),
    address: incident.address,
    landmark: incident.landmark,
    location: { lat: incident.lat, lng: incident.lng },
    photoCount,
    canRate: canRateIncident(incident, alreadyRated),
  };
}
