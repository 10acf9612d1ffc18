import { msg } from '@lingui/core/macro';
import {
  type BlotterDraft,
  type BlotterEntry,
  type BlotterListResponse,
  type BlotterParty,
  type BlotterValues,
  type amendBlotterEntrySchema,
  type blotterListQuerySchema,
  type createBlotterEntrySchema,
  type IncidentEvent,
} from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { BlotterEntryRow } from '../../db/schema/index.ts';
import { inTransaction, type Executor, type Tx } from '../../db/transaction.ts';
import { AppError, notFound, type AppFieldError } from '../../lib/app-error.ts';
import { translate } from '../../lib/i18n.ts';
import { normalizePhoneNumber } from '../../lib/phone.ts';
import { dayIn, formatInZone, nextDay, startOfDayIn } from '../../lib/time-zone.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { getIncident } from '../incidents/index.ts';
import { findPersonRows } from '../users/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { canReadEntry, isAdmin } from './blotter.policy.ts';
import { currentValues, presentEntry, presentListItem } from './blotter.presenter.ts';
import {
  copyRequestsOfEntry,
  findEntry,
  findEntryOfIncident,
  findIncidentHandlers,
  insertAmendment,
  insertEntry,
  listAmendments,
  listCopyRequests,
  listEntries,
  listHearingsOf,
  lockEntry,
  setEntryConfidential,
  takeNextSequence,
  updateEntryValues,
} from './blotter.repository.ts';

/**
 * The blotter's entries (docs/decisions/026-the-blotter.md): record with the year's next number,
 * read as the policy allows, amend (never edit in place without a trace), mark confidential.
 */

type CreateInput = z.output<typeof createBlotterEntrySchema>;
type AmendInput = z.output<typeof amendBlotterEntrySchema>;
type ListQuery = z.output<typeof blotterListQuerySchema>;

/** `2026-0001`: four digits at least, more after the 9,999th entry of a year. */
const entryNumber = (year: number, sequence: number) => `${year}-${String(sequence).padStart(4, '0')}`;

/** The phones of the parties in E.164, or the field errors of those that are not real numbers. */
function normalizeParties(values: Pick<BlotterValues, 'complainants' | 'respondents'>, prefix = ''): { errors: AppFieldError[]; parties: Pick<BlotterValues, 'complainants' | 'respondents'> } {
  const errors: AppFieldError[] = [];
  const normalize = (list: BlotterParty[], key: 'complainants' | 'respondents') =>
    list.map((party, index) => {
      if (!party.phone) return { name: party.name, address: party.address ?? null, phone: null };
      const phone = normalizePhoneNumber(party.phone);
      if (!phone) errors.push({ field: `${prefix}${key}.${index}.phone`, message: msg`Enter a valid phone number` });
      return { name: party.name, address: party.address ?? null, phone };
    });
  return { errors, parties: { complainants: normalize(values.complainants, 'complainants'), respondents: normalize(values.respondents, 'respondents') } };
}

const phonesOf = (values: Pick<BlotterValues, 'complainants' | 'respondents'>) =>
  [...values.complainants, ...values.respondents].flatMap((party) => (party.phone ? [party.phone] : []));

export function invalid(errors: AppFieldError[]): AppError {
  // The summary joins the fields' messages, each in the request's language (decision 029).
  return new AppError('VALIDATION_FAILED', errors.map((error) => `${error.field}: ${translate(error.message)}`).join('; '), { fields: errors });
}

/** The entry as this caller may see it, or 404 (unknown and hidden look the same). */
async function readableEntry(db: Executor, actor: Actor, id: string): Promise<{ row: BlotterEntryRow; ticket: string | null }> {
  const row = await findEntry(db, id);
  if (!row) throw notFound(msg`Blotter entry not found`);
  const incident = row.incidentId ? (await findIncidentHandlers(db, [row.incidentId])).get(row.incidentId) ?? null : null;
  if (!canReadEntry(actor, { confidential: row.confidential, incident })) throw notFound(msg`Blotter entry not found`);
  return { row, ticket: incident?.ticket ?? null };
}

export async function entryDetail(db: Executor, actor: Actor, row: BlotterEntryRow, ticket: string | null): Promise<BlotterEntry> {
  const [amendments, hearings, copyRequests] = await Promise.all([
    listAmendments(db, row.id),
    listHearingsOf(db, row.id),
    // The residents' requests are the admins' business; a tanod's view leaves them out.
    isAdmin(actor) ? listCopyRequests(db, copyRequestsOfEntry(row.id)) : Promise.resolve([]),
  ]);
  const people = await findPersonRows(db, [
    ...(row.recordedById ? [row.recordedById] : []),
    ...amendments.flatMap((amendment) => (amendment.authorId ? [amendment.authorId] : [])),
    ...hearings.map((hearing) => hearing.hearing.mediatorId),
  ]);
  return presentEntry(row, { ticket, amendments, hearings, copyRequests, people });
}

/** The year an entry recorded now belongs to: the barangay's calendar year, not the server's. */
async function barangayYear(deps: AppDeps, now: Date): Promise<{ year: number; timeZone: string }> {
  const { timezone } = await getPublicSettings(deps);
  return { year: Number(dayIn(timezone, now).slice(0, 4)), timeZone: timezone };
}

/** `POST /api/blotter` (admin): the entry with the year's next number, in one transaction with its audit. */
export async function recordEntry(deps: AppDeps, actor: Actor, input: CreateInput): Promise<BlotterEntry> {
  const { errors, parties } = normalizeParties(input);
  if (errors.length) throw invalid(errors);
  const incident = input.incidentId ? (await findIncidentHandlers(deps.db, [input.incidentId])).get(input.incidentId) : null;
  if (input.incidentId && !incident) throw invalid([{ field: 'incidentId', message: msg`No such incident` }]);
  const now = deps.clock.now();
  // Read before the transaction: the embedded database has one connection, which it holds.
  const { year } = await barangayYear(deps, now);
  const values: BlotterValues = {
    occurredAt: new Date(input.occurredAt).toISOString(),
    place: input.place,
    nature: input.nature,
    ...parties,
    narrative: input.narrative,
    actionTaken: input.actionTaken,
    status: input.status,
    referredTo: input.status === 'referred' ? (input.referredTo ?? null) : null,
  };
  const row = await inTransaction(deps.db, async (tx) => {
    const sequence = await takeNextSequence(tx, year);
    const entry = await insertEntry(tx, {
      year,
      sequence,
      number: entryNumber(year, sequence),
      incidentId: input.incidentId ?? null,
      ...values,
      occurredAt: new Date(values.occurredAt),
      original: values,
      partyPhones: phonesOf(values),
      // A case recorded from a confidential incident stays confidential (docs/decisions/027-confidential-cases.md).
      confidential: incident?.confidential ?? false,
      recordedById: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await appendAuditEntry(tx, { actor, action: 'create', entity: 'blotter_entry', entityId: entry.id, after: { number: entry.number, incidentId: entry.incidentId }, at: now });
    return entry;
  });
  return entryDetail(deps.db, actor, row, incident?.ticket ?? null);
}

/** `GET /api/blotter/{id}`: every view of a confidential entry is written to the audit log. */
export async function getEntry(deps: AppDeps, actor: Actor, id: string): Promise<BlotterEntry> {
  const { row, ticket } = await readableEntry(deps.db, actor, id);
  if (row.confidential) await auditView(deps.db, actor, row, deps.clock.now());
  return entryDetail(deps.db, actor, row, ticket);
}

async function auditView(db: Executor, actor: Actor, row: BlotterEntryRow, at: Date, format?: string): Promise<void> {
  await appendAuditEntry(db, { actor, action: 'view', entity: 'blotter_entry', entityId: row.id, after: { number: row.number, ...(format ? { format } : {}) }, at });
}

/** The entry for a certified copy: admins, or a resident whose request an admin approved (checked by the caller). */
export async function entryForCopy(deps: AppDeps, actor: Actor, id: string): Promise<BlotterEntry> {
  const row = await findEntry(deps.db, id);
  if (!row) throw notFound(msg`Blotter entry not found`);
  const ticket = row.incidentId ? ((await findIncidentHandlers(deps.db, [row.incidentId])).get(row.incidentId)?.ticket ?? null) : null;
  return entryDetail(deps.db, actor, row, ticket);
}

function encodeCursor(row: BlotterEntryRow): string {
  return Buffer.from(`${row.year}|${row.sequence}`).toString('base64url');
}

function decodeCursor(cursor: string): { year: number; sequence: number } {
  const match = /^(\d{4})\|(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) {
    throw new AppError('VALIDATION_FAILED', msg`cursor: is not a cursor of this list`, { fields: [{ field: 'cursor', message: msg`is not a cursor of this list` }] });
  }
  return { year: Number(match[1]), sequence: Number(match[2]) };
}

/** `GET /api/blotter`: highest number first; a tanod's list holds only the entries of incidents they handled. */
export async function listBlotter(deps: AppDeps, actor: Actor, query: ListQuery): Promise<BlotterListResponse> {
  const { timezone } = await getPublicSettings(deps);
  const rows = await listEntries(deps.db, {
    q: query.q || undefined,
    from: query.from ? startOfDayIn(timezone, query.from) : undefined,
    to: query.to ? startOfDayIn(timezone, nextDay(query.to)) : undefined,
    status: query.status,
    tanodId: isAdmin(actor) ? null : actor.id,
    after: query.cursor ? decodeCursor(query.cursor) : null,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => presentListItem(row.entry, row.ticket, row.amendmentCount)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.entry) : null,
  };
}

const CHANGE_KEYS = ['occurredAt', 'place', 'nature', 'complainants', 'respondents', 'narrative', 'actionTaken', 'status', 'referredTo'] as const satisfies readonly (keyof BlotterValues)[];

/**
 * Applies an amendment under the entry's row lock: the fields that really change, before and
 * after, become the amendment (numbered after the last one), and the entry takes the new values.
 * The original stays in `original`; nothing is lost. Returns null when nothing would change.
 */
export async function applyAmendment(
  tx: Tx,
  actor: Actor,
  entry: BlotterEntryRow,
  reason: string,
  changes: Partial<BlotterValues>,
  now: Date,
  /** Phones an admin took off the entry (blotter-phones.service.ts): they lose their right to a copy. */
  withdrawnPhones: readonly string[] = [],
): Promise<BlotterEntryRow | null> {
  const current = currentValues(entry);
  const next: BlotterValues = { ...current, ...changes };
  if (changes.status !== undefined && changes.status !== 'referred') next.referredTo = null;
  if ((next.status === 'referred') !== (next.referredTo !== null)) {
    throw invalid([{ field: 'changes.referredTo', message: next.status === 'referred' ? 'Say where the entry was referred' : 'Only a referred entry names where it was referred' }]);
  }
  const changed = CHANGE_KEYS.filter((key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]));
  if (changed.length === 0) return null;
  const before = Object.fromEntries(changed.map((key) => [key, current[key]])) as Partial<BlotterValues>;
  const after = Object.fromEntries(changed.map((key) => [key, next[key]])) as Partial<BlotterValues>;
  const previous = await listAmendments(tx, entry.id);
  await insertAmendment(tx, { entryId: entry.id, sequence: previous.length + 1, reason, before, after, authorId: actor.id, at: now });
  const { occurredAt, ...rest } = after;
  const updated = await updateEntryValues(tx, entry.id, {
    ...rest,
    ...(occurredAt ? { occurredAt: new Date(occurredAt) } : {}),
    // Every phone ever named keeps its right to a copy, unless an admin withdrew it.
    partyPhones: [...new Set([...entry.partyPhones, ...phonesOf(next)])].filter((phone) => !withdrawnPhones.includes(phone)),
    updatedAt: now,
  });
  await appendAuditEntry(tx, { actor, action: 'update', entity: 'blotter_entry', entityId: entry.id, before, after: { ...after, reason }, at: now });
  return updated;
}

/** `POST /api/blotter/{id}/amendments` (admin). */
export async function amendEntry(deps: AppDeps, actor: Actor, id: string, input: AmendInput): Promise<BlotterEntry> {
  const changes: Partial<BlotterValues> = {};
  for (const key of CHANGE_KEYS) {
    const value = input.changes[key];
    if (value !== undefined) Object.assign(changes, { [key]: value });
  }
  if (changes.occurredAt) changes.occurredAt = new Date(changes.occurredAt).toISOString();
  if (changes.complainants || changes.respondents) {
    const existing = await findEntry(deps.db, id);
    if (!existing) throw notFound(msg`Blotter entry not found`);
    const { errors, parties } = normalizeParties(
      { complainants: changes.complainants ?? existing.complainants, respondents: changes.respondents ?? existing.respondents },
      'changes.',
    );
    if (errors.length) throw invalid(errors);
    if (changes.complainants) changes.complainants = parties.complainants;
    if (changes.respondents) changes.respondents = parties.respondents;
  }
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const entry = await lockEntry(tx, id);
    if (!entry) throw notFound(msg`Blotter entry not found`);
    const updated = await applyAmendment(tx, actor, entry, input.reason, changes, now);
    if (!updated) throw new AppError('UNPROCESSABLE', msg`The amendment changes nothing: every value is already as sent.`);
    return updated;
  });
  const ticket = row.incidentId ? ((await findIncidentHandlers(deps.db, [row.incidentId])).get(row.incidentId)?.ticket ?? null) : null;
  return entryDetail(deps.db, actor, row, ticket);
}

/** `POST /api/blotter/{id}/confidential` (admin), audited; setting the value it has changes nothing. */
export async function markConfidential(deps: AppDeps, actor: Actor, id: string, confidential: boolean): Promise<BlotterEntry> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const entry = await lockEntry(tx, id);
    if (!entry) throw notFound(msg`Blotter entry not found`);
    if (entry.confidential === confidential) return entry;
    const updated = await setEntryConfidential(tx, id, confidential, now);
    await appendAuditEntry(tx, {
      actor,
      action: confidential ? 'mark_confidential' : 'unmark_confidential',
      entity: 'blotter_entry',
      entityId: id,
      before: { confidential: entry.confidential },
      after: { confidential, number: entry.number },
      at: now,
    });
    return updated;
  });
  const ticket = row.incidentId ? ((await findIncidentHandlers(deps.db, [row.incidentId])).get(row.incidentId)?.ticket ?? null) : null;
  return entryDetail(deps.db, actor, row, ticket);
}

/** The timeline's words for a step, as the printed incident report says them. */
function stepText(event: IncidentEvent): string {
  const person = (p: IncidentEvent['actor']) => (p ? `${p.firstName} ${p.lastName}` : null);
  const by = person(event.actor) ? ` by ${person(event.actor)}` : '';
  switch (event.kind) {
    case 'created':
      return 'Reported';
    case 'assigned':
      return `Assigned to ${person(event.subject) ?? 'a tanod'}${by}`;
    case 'responded':
      return `${person(event.subject) ?? person(event.actor) ?? 'A tanod'} responded`;
    case 'note':
      return `Note${by}`;
    case 'resolved':
      return `Resolved${by}`;
    default:
      return `${event.kind.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase())}${by}`;
  }
}

/**
 * `GET /api/blotter/draft?incidentId=` (admin): "Record in blotter" from an incident. The report
 * gives the time, place, nature and complainant (the reporter); the timeline and staff notes the
 * narrative; the resolution log the action taken. The admin edits it before recording.
 */
export async function draftFromIncident(deps: AppDeps, actor: Actor, incidentId: string): Promise<BlotterDraft> {
  const incident = await getIncident(deps, actor, incidentId);
  const { timezone } = await getPublicSettings(deps);
  const at = (value: string) => formatInZone(timezone, new Date(value));
  const place = [incident.address, incident.landmark].filter(Boolean).join(' · ') || `${incident.location.lat.toFixed(6)}, ${incident.location.lng.toFixed(6)}`;
  const timeline = incident.events
    .filter((event) => event.kind !== 'rated')
    .map((event) => `${at(event.at)}: ${stepText(event)}${event.detail ? `. ${event.detail}` : ''}`);
  const narrative = [
    `Reported through Bantay as ${incident.ticket} (${incident.type}, ${incident.classification === 'emergency' ? 'emergency' : 'normal'}).`,
    incident.description ? `Report: ${incident.description}` : null,
    timeline.length ? `Timeline:\n${timeline.join('\n')}` : null,
  ]
    .filter(Boolean)
    .join('\n\n');
  const resolver = incident.resolvedBy ? `${incident.resolvedBy.firstName} ${incident.resolvedBy.lastName}` : null;
  const actionTaken = incident.resolutionLog
    ? `${incident.resolutionLog}${resolver ? `\n(Resolved by ${resolver}${incident.resolvedAt ? `, ${at(incident.resolvedAt)}` : ''}.)` : ''}`
    : incident.closingReason
      ? `Closed without resolution: ${incident.closingReason}`
      : '';
  const existing = await findEntryOfIncident(deps.db, incidentId);
  return {
    incidentId: incident._id,
    incidentTicket: incident.ticket,
    occurredAt: incident.occurredAt,
    place: place.slice(0, 300),
    nature: incident.type,
    complainants: incident.reporter.name ? [{ name: incident.reporter.name, address: null, phone: incident.reporter.phoneNumber ?? null }] : [],
    respondents: [],
    narrative: narrative.slice(0, 8000),
    actionTaken: actionTaken.slice(0, 4000),
    status: 'recorded',
    existingEntry: existing ? { _id: existing.id, number: existing.number } : null,
  };
}
