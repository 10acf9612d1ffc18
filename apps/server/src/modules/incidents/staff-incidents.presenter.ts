import type { EvidencePhoto, IncidentDetail, IncidentEvent, IncidentListItem } from '@bantay/shared';
import type { IncidentEventRow, IncidentRow } from '../../db/schema/index.ts';
import { presentPerson, type PersonRow } from '../users/index.ts';
import type { EvidenceRow, ListedIncidentRow } from './staff-incidents.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const photoUrl = (id: string) => `/api/incidents/photos/${id}`;

type PhotoRow = { id: string; width: number; height: number };

export function presentIncidentListItem(row: Omit<ListedIncidentRow, 'keys'>, photos: PhotoRow[]): IncidentListItem {
  const { incident } = row;
  return {
    _id: incident.id,
    ticket: incident.ticket,
    type: incident.type,
    classification: incident.classification,
    status: incident.status,
    description: incident.description,
    occurredAt: incident.occurredAt.toISOString(),
    reportedAt: incident.createdAt.toISOString(),
    updatedAt: incident.updatedAt.toISOString(),
    location: { lat: incident.lat, lng: incident.lng, accuracy: incident.accuracy },
    address: incident.address,
    landmark: incident.landmark,
    photos: photos.map((photo) => ({ _id: photo.id, url: photoUrl(photo.id), width: photo.width, height: photo.height })),
    responder: row.responder ? presentPerson(row.responder) : null,
    respondedAt: iso(incident.respondedAt),
    resolvedAt: iso(incident.resolvedAt),
    possibleDuplicateOf: row.duplicate ? { _id: row.duplicate.id, ticket: row.duplicate.ticket, status: row.duplicate.status } : null,
    sentWithoutBotCheck: incident.sentWithoutBotCheck,
    distanceMeters: row.distance === null ? null : Math.round(row.distance),
    rating: row.rating ? { stars: row.rating.stars, comment: row.rating.comment, at: row.rating.at.toISOString() } : null,
    confidential: row.incident.confidential,
    burst: incident.burst,
    source: incident.source,
  };
}

function presentIncidentEvent(event: IncidentEventRow, people: Map<string, PersonRow>): IncidentEvent {
  const person = (id: string | null) => {
    const row = id ? people.get(id) : undefined;
    return row ? presentPerson(row) : null;
  };
  return { _id: event.id, kind: event.kind, at: event.at.toISOString(), actor: person(event.actorId), subject: person(event.subjectUserId), detail: event.detail };
}

export function presentIncidentDetail(
  incident: IncidentRow,
  parts: {
    photos: PhotoRow[];
    evidence: EvidenceRow[];
    people: Map<string, PersonRow>;
    duplicate: ListedIncidentRow['duplicate'];
    events: IncidentEventRow[];
    rating: ListedIncidentRow['rating'];
  },
): IncidentDetail {
  const responder = incident.responderId ? (parts.people.get(incident.responderId) ?? null) : null;
  const resolvedBy = incident.resolvedById ? (parts.people.get(incident.resolvedById) ?? null) : null;
  return {
    ...presentIncidentListItem({ incident, responder, duplicate: parts.duplicate, distance: null, rating: parts.rating }, parts.photos),
    reporter: { _id: incident.reporterId, name: incident.reporterName, phoneNumber: incident.reporterPhone },
    resolvedBy: resolvedBy ? presentPerson(resolvedBy) : null,
    resolutionLog: incident.resolutionLog,
    closingReason: incident.closingReason,
    events: parts.events.map((event) => presentIncidentEvent(event, parts.people)),
    evidence: parts.evidence.map((photo) => presentEvidencePhoto(photo, parts.people)),
  };
}

function presentEvidencePhoto(photo: EvidenceRow, people: Map<string, PersonRow>): EvidencePhoto {
  const uploader = photo.uploadedById ? people.get(photo.uploadedById) : undefined;
  return {
    _id: photo.id,
    url: photoUrl(photo.id),
    width: photo.width,
    height: photo.height,
    purpose: photo.purpose,
    eventId: photo.eventId,
    uploadedBy: uploader ? presentPerson(uploader) : null,
    uploadedAt: photo.createdAt.toISOString(),
  };
}
