import { msg } from '@lingui/core/macro';
import type { GeoJsonFeatureCollection, IncidentDetail, IncidentListFilters, IncidentListResponse } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { IncidentRow } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import {
  findIncidentById,
  findIncidentOfPhoto,
  findTicketRating,
  involvedAmong,
  listEvidenceOf,
  listIncidentEvents,
  listIncidentsForStaff,
  listPhotosOf,
  sortKeyCount,
  wasInvolved,
} from './staff-incidents.repository.ts';
import { findPersonRows } from '../users/index.ts';
import { presentIncidentDetail, presentIncidentListItem } from './staff-incidents.presenter.ts';
import { canSeeIncident, isAdmin } from './incidents.policy.ts';
import { incidentsCsv } from './incidents.csv.ts';
import { incidentsGeoJson } from './incidents.geojson.ts';

/**
 * The staff's view of incidents (docs/product.md §4.4): the list with its filters and cursor, the
 * CSV export, the detail, and the audit of who opened a confidential case. The steps that change
 * an incident are the incident-handling module's; the evidence and the printout incident-evidence's.
 */

type Openable = Pick<IncidentRow, 'id' | 'status' | 'responderId' | 'confidential'>;

/** Whether the caller may open the incident (incidents.policy.ts), looking up a past assignment only when it matters. */
async function mayOpen(db: Executor, actor: Actor, incident: Openable): Promise<boolean> {
  const settled = isAdmin(actor) || actor.userType !== 'tanod' || incident.confidential || incident.status === 'pending' || incident.responderId === actor.id;
  return canSeeIncident(actor, incident, settled ? false : await wasInvolved(db, incident.id, actor.id));
}

/**
 * Which of these tanods may open the incident, in one query: the duplicate hint of a new report
 * names an earlier one only to them (incidents.service.ts).
 */
export async function tanodsWhoMayOpen(db: Executor, incident: Openable, tanodIds: readonly string[]): Promise<string[]> {
  const settled = incident.confidential || incident.status === 'pending';
  const involved = settled ? new Set<string>() : await involvedAmong(db, incident.id, tanodIds);
  return tanodIds.filter((id) => canSeeIncident({ id, userType: 'tanod' }, incident, involved.has(id)));
}

/** The incident as the caller may see it, or 404 (unknown and hidden look the same). */
export async function visibleIncident(db: Executor, actor: Actor, id: string): Promise<IncidentRow> {
  const incident = await findIncidentById(db, id);
  if (!incident || !(await mayOpen(db, actor, incident))) throw notFound(msg`Incident not found`);
  return incident;
}

/** `responder=me` is the caller's history; the visibility rule of the list still applies to it. */
const withResponder = (filters: IncidentListFilters, actor: Actor): IncidentListFilters =>
  filters.responder === 'me' ? { ...filters, responder: actor.id } : filters;

export async function listIncidents(deps: AppDeps, actor: Actor, filters: IncidentListFilters): Promise<IncidentListResponse> {
  const after = filters.cursor ? decodeCursor(filters.cursor, sortKeyCount(filters)) : null;
  const rows = await listIncidentsForStaff(deps.db, {
    filters: withResponder(filters, actor),
    tanodId: isAdmin(actor) ? null : actor.id,
    withoutConfidential: Boolean(actor.apiKey),
    after,
    limit: filters.limit + 1,
  });
  const page = rows.slice(0, filters.limit);
  const photos = await listPhotosOf(
    deps.db,
    page.map((row) => row.incident.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => presentIncidentListItem(row, photos.get(row.incident.id) ?? [])),
    nextCursor: rows.length > filters.limit && last ? encodeCursor(last.keys) : null,
  };
}

/** Rows in one CSV export; a larger archive is exported by date range. */
const EXPORT_MAX_ROWS = 10_000;

/** `GET /api/incidents/export.csv` (admin): the list's filters, every match up to 10,000 rows. */
export async function exportIncidentsCsv(deps: AppDeps, actor: Actor, filters: IncidentListFilters): Promise<{ csv: string; filename: string }> {
  if (!isAdmin(actor)) throw forbidden(msg`Only admins export incidents.`);
  // A spreadsheet travels (e-mail, USB sticks): confidential cases never go in it.
  const rows = await listIncidentsForStaff(deps.db, {
    filters: withResponder(filters, actor),
    tanodId: null,
    withoutConfidential: true,
    after: null,
    limit: EXPORT_MAX_ROWS,
  });
  const settings = await getPublicSettings(deps);
  // Reporters' names and numbers never leave through an API key (docs/decisions/034-the-integration-kit.md).
  const withoutContacts = (incident: IncidentRow): IncidentRow => (actor.apiKey ? { ...incident, reporterName: null, reporterPhone: null } : incident);
  const csv = incidentsCsv(
    rows.map((row) => ({ incident: withoutContacts(row.incident), responderName: row.responder ? `${row.responder.firstName} ${row.responder.lastName}` : null })),
    settings.timezone,
  );
  return { csv, filename: `incidents-${deps.clock.now().toISOString().slice(0, 10)}.csv` };
}

/**
 * `GET /api/incidents.geojson`: the list's filters, every match up to 10,000, as map points. A map
 * file is copied around like a spreadsheet, so confidential cases stay out whoever asks; a tanod
 * gets only what their list shows.
 */
export async function exportIncidentsGeoJson(deps: AppDeps, actor: Actor, filters: IncidentListFilters): Promise<GeoJsonFeatureCollection> {
  const rows = await listIncidentsForStaff(deps.db, {
    filters: withResponder(filters, actor),
    tanodId: isAdmin(actor) ? null : actor.id,
    withoutConfidential: true,
    after: null,
    limit: EXPORT_MAX_ROWS,
  });
  return incidentsGeoJson(rows.map((row) => row.incident));
}

export async function getIncident(deps: AppDeps, actor: Actor, id: string): Promise<IncidentDetail> {
  return incidentDetail(deps.db, await visibleIncident(deps.db, actor, id), actor);
}

/**
 * `GET /api/incidents/{id}`: the detail, and for a confidential case a `view` entry in the audit log
 * (who opened it, when, from where), as for its PDF and photos.
 */
export async function viewIncident(deps: AppDeps, actor: Actor, id: string): Promise<IncidentDetail> {
  const incident = await visibleIncident(deps.db, actor, id);
  await auditConfidentialView(deps.db, actor, incident, 'detail', deps.clock.now());
  return incidentDetail(deps.db, incident, actor);
}

/** Writes the `view` entry of a confidential incident; nothing for the others. */
export async function auditConfidentialView(
  db: Executor,
  actor: Actor,
  incident: Pick<IncidentRow, 'id' | 'ticket' | 'confidential'>,
  what: 'detail' | 'report.pdf' | 'photo',
  at: Date,
): Promise<void> {
  if (!incident.confidential) return;
  await appendAuditEntry(db, { actor, action: 'view', entity: 'incident', entityId: incident.id, after: { ticket: incident.ticket, what }, at });
}

/**
 * `GET /api/incidents/photos/{id}`: a report's photo or a photo from the scene is served to whoever
 * may open its incident (incidents.policy.ts), and answers 404 to anyone else, as for an unknown
 * id. A photo no report has claimed belongs to no incident yet: nobody is shown it (its reporter
 * has it on their phone). Each view of a confidential incident's photo is audited; its answer must
 * not be cached then (a cached copy is seen again unaudited, and stays on a shared phone).
 */
export async function checkPhotoAccess(deps: AppDeps, actor: Actor, photoId: string): Promise<{ confidential: boolean }> {
  const incident = await findIncidentOfPhoto(deps.db, photoId);
  if (!incident || !(await mayOpen(deps.db, actor, incident))) throw notFound(msg`Photo not found`);
  await auditConfidentialView(deps.db, actor, incident, 'photo', deps.clock.now());
  return { confidential: incident.confidential };
}

export async function incidentDetail(db: Executor, incident: IncidentRow, viewer: Actor): Promise<IncidentDetail> {
  const [events, photos, duplicate, rating] = await Promise.all([
    listIncidentEvents(db, incident.id),
    listPhotosOf(db, [incident.id]),
    incident.possibleDuplicateOfId ? findIncidentById(db, incident.possibleDuplicateOfId) : Promise.resolve(undefined),
    findTicketRating(db, incident.id),
  ]);
  const evidence = await listEvidenceOf(db, incident.id);
  const people = await findPersonRows(db, [
    ...(incident.responderId ? [incident.responderId] : []),
    ...(incident.resolvedById ? [incident.resolvedById] : []),
    ...events.flatMap((event) => [event.actorId, event.subjectUserId].filter((id): id is string => Boolean(id))),
    ...evidence.flatMap((photo) => (photo.uploadedById ? [photo.uploadedById] : [])),
  ]);
  const detail = presentIncidentDetail(incident, {
    photos: photos.get(incident.id) ?? [],
    evidence,
    people,
    // The original is no hint for someone who may not open it (a confidential case, above all).
    duplicate: duplicate && (await mayOpen(db, viewer, duplicate)) ? { id: duplicate.id, ticket: duplicate.ticket, status: duplicate.status } : null,
    events,
    rating,
  });
  // Reporters' names and numbers never leave through an API key (docs/decisions/034-the-integration-kit.md).
  return viewer.apiKey ? { ...detail, reporter: { _id: null, name: null, phoneNumber: null } } : detail;
}

/** The incident row by id, whatever the caller may see: the caller applies the policy. */
export async function incidentById(db: Executor, id: string): Promise<IncidentRow | undefined> {
  return findIncidentById(db, id);
}

// --- Cursor ------------------------------------------------------------------------------------

/** Opaque to clients: the last row's sort-key values, base64url JSON. */
function encodeCursor(keys: (string | number)[]): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

function decodeCursor(value: string, expectedLength: number): (string | number)[] {
  const invalid = () => new AppError('VALIDATION_FAILED', msg`cursor: is not a valid cursor`, { fields: [{ field: 'cursor', message: msg`is not a valid cursor` }] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.length === expectedLength &&
    parsed.every((part) => (typeof part === 'number' && Number.isFinite(part)) || (typeof part === 'string' && part.length <= 64)) &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(String(parsed.at(-1)));
  if (!valid) throw invalid();
  const keys = parsed as (string | number)[];
  if (keys.slice(0, -1).some((part) => typeof part === 'string' && Number.isNaN(new Date(part).getTime()))) throw invalid();
  return keys;
}
