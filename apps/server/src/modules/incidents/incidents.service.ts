import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { incidentTypeLabel } from '../../lib/incident-types.ts';
import { currentLocale } from '../../lib/i18n.ts';
import {
  INCIDENT_LIMITS,
  distanceMeters,
  normalizeTicket,
  pointInPolygon,
  type CreateIncidentInput,
  type CreateIncidentResponse,
  type MyReportList,
  type PublicTicket,
  type UploadedPhotos,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { IncidentRow } from '../../db/schema/index.ts';
import { inTransaction, type AfterCommit, type Tx } from '../../db/transaction.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import type { RequestMeta } from '../auth/index.ts';
import { verifyBotCheck } from '../bot-check/index.ts';
import { notify } from '../notifications/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { normalizePhoneNumber } from '../../lib/phone.ts';
import { findUserById } from '../users/index.ts';
import {
  claimPhotos,
  countClaimablePhotos,
  countDeviceIncidentsSince,
  countPhotosOf,
  findIncidentByTicket,
  findTicketByClientId,
  findUserFirstName,
  insertIncident,
  insertIncidentEvent,
  insertIncidentPhotos,
  listIncidentEventsWithNames,
  listIncidentsOfReporter,
  listOpenIncidentsOfTypeSince,
  ticketRatingsOf,
} from './incidents.repository.ts';
import { incidentChange } from './incident-change.ts';
import { enqueueEmergencySmsAlerts, enqueueReceiptSms, tanodsToAlert } from '../incident-alerts/index.ts';
import { sendIncidentReported } from '../webhooks/index.ts';
import { encodeIncidentPhoto, writeIncidentPhotos } from '../files/index.ts';
import { presentMyReport, presentPublicTicket } from './incidents.presenter.ts';
import { tanodsWhoMayOpen } from './staff-incidents.service.ts';
import { hashDeviceId, type AddressCount } from '../../http/public-guards.ts';
import { admitPastAddressLimit, burstGroupOf } from './emergency-bursts.ts';
import { newTicket } from './ticket.ts';

const HOUR_MS = 3_600_000;

const fieldError = (field: string, message: MessageDescriptor, code: 'VALIDATION_FAILED' | 'UNPROCESSABLE' = 'VALIDATION_FAILED') =>
  new AppError(code, message, { fields: [{ field, message }] });

const photosGone = () => fieldError('photoIds', msg`Some photos expired or were already used. Please attach them again.`);

/**
 * `POST /api/public/photos`: every file is checked and re-encoded before any is stored, so a bad
 * one refuses the whole request. Unclaimed photos older than a day may be swept later (a
 * retention job; none exists yet).
 */
export async function uploadIncidentPhotos(deps: AppDeps, files: Buffer[]): Promise<UploadedPhotos> {
  if (files.length === 0) throw fieldError('photos', msg`Choose at least one photo`);
  if (files.length > INCIDENT_LIMITS.photosMax) {
    const max = INCIDENT_LIMITS.photosMax;
    throw new AppError('PAYLOAD_TOO_LARGE', msg`At most ${max} photos`, {
      fields: [{ field: 'photos', message: msg`At most ${max} photos` }],
    });
  }
  const encoded = [];
  for (const file of files) encoded.push(await encodeIncidentPhoto(file));
  await writeIncidentPhotos(deps.files, encoded);
  const now = deps.clock.now();
  await insertIncidentPhotos(
    deps.db,
    encoded.map((photo) => ({ id: photo.id, width: photo.width, height: photo.height, bytes: photo.data.length, createdAt: now })),
  );
  return { photos: encoded.map((photo) => ({ id: photo.id })) };
}

export interface ReportContext {
  /** The caller when a live bearer token came with the report. */
  actor: Actor | null;
  /**
   * Sent from a page without JavaScript (modules/plain-pages), whose bot check is not verified
   * here: `'absent'` when none came (no script ran), and the report is marked so for staff;
   * `'verified'` when the page's script solved one and plain-pages verified it already (which
   * address count applies depends on it, so it is verified before the report, and not twice). Past
   * its address's limit an emergency from such a page still comes in as part of a burst (no device
   * id tells those phones apart).
   */
  pageBotCheck?: 'absent' | 'verified';
  deviceId: string | undefined;
  meta: RequestMeta;
  /**
   * Counts the report against its network address's hourly limit (http/public-guards.ts
   * `addressCounter`); a caller without an address to count leaves it out.
   */
  countAddress?: () => Promise<AddressCount>;
}

/**
 * `POST /api/public/incidents`. The answer (201 with the ticket) is sent only after the
 * incident, its `created` event, the photo claims and the staff notifications have committed
 * together, with the texts it causes (the reporter's receipt; with SMS_ALERTS, an emergency's alerts
 * to staff) as deliveries that the worker sends after commit and retries, so a failed SMS never
 * fails the report and is not lost either (modules/incident-alerts/incident-sms.ts).
 */
export async function reportIncident(deps: AppDeps, input: CreateIncidentInput, context: ReportContext): Promise<CreateIncidentResponse> {
  // A repeat of a report the server has (its answer was lost, or it waited on the phone for a
  // signal) gets the same ticket before anything else: no bot-check spent, no device limit.
  const clientId = input.clientId ?? null;
  const repeated = clientId ? await findTicketByClientId(deps.db, clientId) : undefined;
  if (repeated) return { ticket: repeated };
  const now = deps.clock.now();
  const settings = await getPublicSettings(deps);
  const incidentType = settings.incidentTypes.find((candidate) => candidate.name.toLowerCase() === input.type.toLowerCase());
  if (!incidentType) throw fieldError('type', msg`Choose one of the listed incident types`);
  const type = incidentType.name;
  const occurredAt = new Date(input.occurredAt);
  if (occurredAt.getTime() > now.getTime() + INCIDENT_LIMITS.clockSkewMs) throw fieldError('occurredAt', msg`The time cannot be in the future`);
  if (settings.boundary && !pointInPolygon(input.location, settings.boundary)) {
    const barangay = settings.name;
    throw fieldError('location', msg`This place is outside ${barangay}. Move the pin inside the boundary.`);
  }
  let reporterPhone: string | null = null;
  if (input.reporterPhone) {
    reporterPhone = normalizePhoneNumber(input.reporterPhone);
    if (!reporterPhone) throw fieldError('reporterPhone', msg`Please enter a valid phone number`);
  }
  const photoSince = new Date(now.getTime() - INCIDENT_LIMITS.photoClaimWindowMs);
  if ((await countClaimablePhotos(deps.db, input.photoIds, photoSince)) !== input.photoIds.length) throw photosGone();

  const deviceHash = context.deviceId ? hashDeviceId(context.deviceId) : null;
  const recent = deviceHash ? await countDeviceIncidentsSince(deps.db, deviceHash, new Date(now.getTime() - HOUR_MS)) : null;
  if (recent && recent.count >= deps.config.publicLimits.reportsPerDevicePerHour) {
    const retryAt = new Date((recent.oldest ?? now).getTime() + HOUR_MS);
    throw new AppError('RATE_LIMITED', msg`Too many reports from this device. Please call the hotline if this is urgent.`, {
      retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)),
    });
  }
  // Past its address's limit only an emergency from a device new to the hour gets in, as part of a burst.
  const burst = context.countAddress
    ? admitPastAddressLimit(await context.countAddress(), input.classification, recent?.count === 0 || context.pageBotCheck !== undefined)
    : false;
  // Last of the checks, because it spends the payload: in a burst, the proof that a person sent it.
  if (!context.pageBotCheck) await verifyBotCheck(deps, input.botCheck, context.meta.ip);

  const resident = context.actor?.userType === 'resident' ? await findUserById(deps.db, context.actor.id) : undefined;
  const reporterName = input.reporterName ?? (resident ? `${resident.firstName} ${resident.lastName}` : null);
  reporterPhone ??= resident?.phoneNumber ?? null;

  const incident = await inTransaction(deps.db, async (tx, afterCommit) => {
    const candidates = await listOpenIncidentsOfTypeSince(tx, type, new Date(now.getTime() - INCIDENT_LIMITS.duplicateWindowMs));
    const duplicate = candidates
      .map((candidate) => ({ candidate, meters: distanceMeters(candidate, input.location) }))
      .filter(({ meters }) => meters <= INCIDENT_LIMITS.duplicateRadiusMeters)
      .sort((a, b) => a.meters - b.meters)[0]?.candidate;

    // A burst report that repeats an open one is held: that one's alert told staff, the summary counts it.
    const burstGroupId = burst && incidentType.confidential !== true ? await burstGroupOf(tx, type, input.location, now) : null;

    let row: IncidentRow | undefined;
    for (let attempt = 0; !row && attempt < 5; attempt += 1) {
      row = await insertIncident(tx, {
        ticket: newTicket(input.classification),
        type,
        classification: input.classification,
        description: input.description,
        occurredAt,
        lat: input.location.lat,
        lng: input.location.lng,
        accuracy: input.location.accuracy ?? null,
        address: input.address ?? null,
        landmark: input.landmark ?? null,
        reporterId: resident?.id ?? null,
        reporterName,
        reporterPhone,
        // The reporter's texts are written in it when they have no account language (decision 029).
        reporterLanguage: resident?.language ?? currentLocale(),
        deviceHash,
        possibleDuplicateOfId: duplicate?.id ?? null,
        clientId,
        sentWithoutBotCheck: context.pageBotCheck === 'absent',
        // A confidential type makes a confidential case from the start (docs/decisions/027-confidential-cases.md).
        confidential: incidentType.confidential === true,
        burst,
        burstGroupId,
        createdAt: now,
        updatedAt: now,
      });
    }
    if (!row) throw new Error('could not draw a free ticket in 5 attempts');
    if ((await claimPhotos(tx, input.photoIds, row.id, photoSince)) !== input.photoIds.length) throw photosGone();
    await insertIncidentEvent(tx, { incidentId: row.id, at: now, kind: 'created', actorId: resident?.id ?? null });

    const alerted = !burstGroupId;
    if (alerted) {
      await notifyStaffOfReport(deps, tx, afterCommit, row, duplicate, now);
    }
    await enqueueReceiptSms(deps, tx, afterCommit, row);
    if (alerted) await enqueueEmergencySmsAlerts(deps, tx, afterCommit, row, { level: 0 }, now);
    // Every report, a burst's held ones too: the city's dashboards count them all.
    await sendIncidentReported(deps, tx, afterCommit, row);
    const created = row;
    // A held report refreshes staff lists but rings no screen (web IncidentAlerts.tsx).
    const grouped = alerted ? {} : { grouped: true };
    afterCommit(() => deps.events.publish('incident.created', { ...incidentChange(created), classification: created.classification, ...grouped }));
    return row;
  }).catch((error: unknown) => ticketOfRaceWinner(deps, clientId, error));

  return { ticket: incident.ticket };
}

/**
 * Two sends of one report raced past the repeat check (a retry while the first was still on its
 * way): the unique index on `client_id` let one in, and the other answers the winner's ticket.
 */
async function ticketOfRaceWinner(deps: AppDeps, clientId: string | null, error: unknown): Promise<{ ticket: string }> {
  if (clientId && uniqueViolation(error) === 'incidents_client_id_key') {
    const ticket = await findTicketByClientId(deps.db, clientId);
    if (ticket) return { ticket };
  }
  throw error;
}

/**
 * The notice of a new report to the admins and the on-duty tanods (panel and push). Its hint names
 * the possible duplicate only to those who may open it (incidents.policy.ts): every admin; of the
 * tanods, never one who may not open a confidential case, nor another's case in progress
 * (docs/decisions/027-confidential-cases.md). The others get the same notice without it.
 */
async function notifyStaffOfReport(
  deps: AppDeps,
  tx: Tx,
  afterCommit: AfterCommit,
  incident: IncidentRow,
  duplicate: Pick<IncidentRow, 'id' | 'ticket' | 'status' | 'responderId' | 'confidential'> | undefined,
  now: Date,
): Promise<void> {
  const entity = { type: 'incident' as const, id: incident.id };
  const kind = incident.classification === 'emergency' ? 'incident.emergency_reported' : 'incident.reported';
  const notice = (hint: string | undefined) => ({ message: () => staffMessage(incident, hint), kind, entity });
  await notify(deps, tx, afterCommit, { role: 'admins' }, notice(duplicate?.ticket));
  const tanodIds = await tanodsToAlert(tx, incident, now);
  const hinted = new Set(duplicate ? await tanodsWhoMayOpen(tx, duplicate, tanodIds) : []);
  const told = tanodIds.filter((id) => hinted.has(id));
  const untold = tanodIds.filter((id) => !hinted.has(id));
  if (told.length > 0) await notify(deps, tx, afterCommit, { userIds: told }, notice(duplicate?.ticket));
  if (untold.length > 0) await notify(deps, tx, afterCommit, { userIds: untold }, notice(undefined));
}

/**
 * The panel's text. Its keywords pick the brief's category chip (incident/emergency → incidents),
 * and emergencies start with EMERGENCY so they stand out.
 */
/** Built in each recipient's language (notifications.service.ts `inEveryLanguage`). */
function staffMessage(incident: IncidentRow, duplicateTicket: string | undefined): MessageDescriptor {
  const lead = incident.classification === 'emergency' ? t`EMERGENCY incident reported` : t`New incident reported`;
  const { ticket } = incident;
  // Only admins get it, and it may show on a lock screen: neither what nor where.
  if (incident.confidential) return msg`${lead}: a confidential case, ticket ${ticket}. Assign a responder.`;
  const type = incidentTypeLabel(incident.type);
  const place = (incident.landmark ?? incident.address ?? '').slice(0, 120);
  const duplicate = duplicateTicket;
  if (place && duplicate) return msg`${lead}: ${type} near ${place}, ticket ${ticket} (possible duplicate of ${duplicate})`;
  if (place) return msg`${lead}: ${type} near ${place}, ticket ${ticket}`;
  if (duplicate) return msg`${lead}: ${type}, ticket ${ticket} (possible duplicate of ${duplicate})`;
  return msg`${lead}: ${type}, ticket ${ticket}`;
}

const unknownTicket = () =>
  new AppError('NOT_FOUND', msg`No report has this ticket. Check the letters and numbers (for example IR-7K3F-9QXM) and try again.`);

/** `GET /api/public/tickets/{ticket}`. */
export async function lookUpTicket(deps: AppDeps, rawTicket: string): Promise<PublicTicket> {
  const ticket = normalizeTicket(rawTicket);
  if (!ticket) throw unknownTicket();
  const incident = await findIncidentByTicket(deps.db, ticket);
  if (!incident) throw unknownTicket();
  const events = await listIncidentEventsWithNames(deps.db, incident.id);
  const responderFirstName = incident.responderId ? await findUserFirstName(deps.db, incident.responderId) : null;
  const rated = await ticketRatingsOf(deps.db, [incident.id]);
  return presentPublicTicket(incident, events, responderFirstName, rated.has(incident.id));
}

/** `GET /api/residents/me/reports`: the signed-in resident's own reports, newest first. */
export async function listMyReports(deps: AppDeps, actor: Actor): Promise<MyReportList> {
  if (actor.userType !== 'resident') throw notFound(msg`Reports not found`);
  const rows = await listIncidentsOfReporter(deps.db, actor.id, 200);
  const ids = rows.map((row) => row.id);
  const [photoCounts, rated] = await Promise.all([countPhotosOf(deps.db, ids), ticketRatingsOf(deps.db, ids)]);
  return { reports: rows.map((row) => presentMyReport(row, photoCounts.get(row.id) ?? 0, rated.has(row.id))) };
}

