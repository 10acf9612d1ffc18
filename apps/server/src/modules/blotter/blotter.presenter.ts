import type { BlotterAmendment, BlotterEntry, BlotterListItem, BlotterValues, CopyRequest, Hearing } from '@bantay/shared';
import type { BlotterAmendmentRow, BlotterEntryRow } from '../../db/schema/index.ts';
import { presentPerson, type PersonRow } from '../users/index.ts';
import type { CopyRequestWithNames, HearingWithEntry } from './blotter.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the list says of a confidential entry's parties: nothing, until someone opens it (and is audited). */
const WITHHELD = 'Confidential';

export function currentValues(row: BlotterEntryRow): BlotterValues {
  return {
    occurredAt: row.occurredAt.toISOString(),
    place: row.place,
    nature: row.nature,
    complainants: row.complainants,
    respondents: row.respondents,
    narrative: row.narrative,
    actionTaken: row.actionTaken,
    status: row.status,
    referredTo: row.referredTo ?? null,
  };
}

const personOf = (people: Map<string, PersonRow>, id: string | null) => {
  const person = id ? people.get(id) : undefined;
  return person ? presentPerson(person) : null;
};

function presentAmendment(row: BlotterAmendmentRow, people: Map<string, PersonRow>): BlotterAmendment {
  return { _id: row.id, sequence: row.sequence, reason: row.reason, before: row.before, after: row.after, author: personOf(people, row.authorId), at: row.at.toISOString() };
}

export function presentHearing({ hearing, number, nature }: HearingWithEntry, people: Map<string, PersonRow>): Hearing {
  return {
    _id: hearing.id,
    entryId: hearing.entryId,
    entryNumber: number,
    entryNature: nature,
    scheduledAt: hearing.scheduledAt.toISOString(),
    mediator: personOf(people, hearing.mediatorId),
    outcome: hearing.outcome ?? null,
    terms: hearing.terms,
    outcomeAt: iso(hearing.outcomeAt),
    createdAt: hearing.createdAt.toISOString(),
  };
}

export function presentCopyRequest({ request, number, firstName, lastName }: CopyRequestWithNames): CopyRequest {
  return {
    _id: request.id,
    entryId: request.entryId,
    entryNumber: number,
    status: request.status,
    // Null once the resident deleted their account: the request stays, its person does not.
    requester: request.requesterId && firstName !== null && lastName !== null ? { _id: request.requesterId, firstName, lastName } : null,
    reason: request.reason,
    requestedAt: request.createdAt.toISOString(),
    decidedAt: iso(request.decidedAt),
  };
}

export function presentEntry(
  row: BlotterEntryRow,
  parts: {
    ticket: string | null;
    amendments: BlotterAmendmentRow[];
    hearings: HearingWithEntry[];
    copyRequests: CopyRequestWithNames[];
    people: Map<string, PersonRow>;
  },
): BlotterEntry {
  return {
    _id: row.id,
    number: row.number,
    ...currentValues(row),
    incident: row.incidentId && parts.ticket ? { _id: row.incidentId, ticket: parts.ticket } : null,
    confidential: row.confidential,
    recordedBy: personOf(parts.people, row.recordedById),
    recordedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    original: row.original,
    amendments: parts.amendments.map((amendment) => presentAmendment(amendment, parts.people)),
    hearings: parts.hearings.map((hearing) => presentHearing(hearing, parts.people)),
    copyRequests: parts.copyRequests.map(presentCopyRequest),
    partyPhones: row.partyPhones,
  };
}

export function presentListItem(row: BlotterEntryRow, ticket: string | null, amendmentCount: number): BlotterListItem {
  const names = (parties: BlotterValues['complainants']) => (row.confidential ? (parties.length ? [WITHHELD] : []) : parties.map((party) => party.name));
  return {
    _id: row.id,
    number: row.number,
    occurredAt: row.occurredAt.toISOString(),
    place: row.confidential ? WITHHELD : row.place,
    nature: row.nature,
    complainants: names(row.complainants),
    respondents: names(row.respondents),
    status: row.status,
    referredTo: row.referredTo ?? null,
    confidential: row.confidential,
    incidentTicket: ticket,
    amendmentCount,
    recordedAt: row.createdAt.toISOString(),
  };
}
