import { msg, select, t } from '@lingui/core/macro';
import {
  distanceMeters,
  ASSISTANCE_LIMITS,
  type AssistanceListResponse,
  type AssistanceRequest,
  type AssistanceStatus,
  type approveAssistanceRequestSchema,
  type assistanceListQuerySchema,
  type CreateAssistanceRequest,
} from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { AssistanceRequestRow } from '../../db/schema/index.ts';
import { inTransaction, type Executor, type Tx } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { getIncident, isAdmin, recordIncidentStep } from '../incidents/index.ts';
import { findPersonRows, listActiveTanodIds } from '../users/index.ts';
import { sendAssistanceRequested } from '../webhooks/index.ts';
import { onDutyTanodIds } from '../patrols/index.ts';
import { listRecentPositionsOf } from '../tracking/index.ts';
import { notify, type AfterCommit } from '../notifications/index.ts';
import { presentAssistanceRequest, type AssistanceParts } from './assistance.presenter.ts';
import { canSeeAssistanceRequest, liveAudienceOf, type RequestAudience } from './assistance.policy.ts';
import {
  findAssistanceRequest,
  findIncidentSummaries,
  insertAlerts,
  insertAssistanceRequest,
  insertDispatches,
  listAlertedTanodIds,
  listAssistanceRequests,
  listDispatchedTanodIds,
  transitionAssistanceRequest,
} from './assistance.repository.ts';

/**
 * Backup (assistance) requests (docs/product.md §4.5). Each step is a guarded UPDATE on the
 * statuses it may start from, with its notifications in the same transaction and
 * `assistance:updated` after commit (to staff rooms, and to the requester and dispatched tanods;
 * for a request about a confidential case to the admins and those who may see it, assistance.policy.ts).
 */

type ApproveInput = z.output<typeof approveAssistanceRequestSchema>;
type ListQuery = z.output<typeof assistanceListQuerySchema>;

const fullName = (person: { firstName: string; lastName: string } | undefined) => (person ? `${person.firstName} ${person.lastName}` : 'A tanod');

const wrongStatus = (status: AssistanceStatus, step: 'approved' | 'rejected' | keyof typeof PROGRESS) =>
  new AppError(
    'CONFLICT',
    msg`This backup request is ${select(status, {
      pending: 'pending',
      approved: 'approved',
      rejected: 'rejected',
      deployed: 'deployed',
      completed: 'completed',
      other: 'cancelled',
    })}, so it cannot be ${select(step, {
      approved: 'approved',
      rejected: 'rejected',
      deployed: 'marked deployed',
      completed: 'completed',
      other: 'cancelled',
    })}.`,
    { details: { status } },
  );

/** What decides who sees the requests: who was dispatched, who was alerted, which incidents are confidential. */
type Reach = Pick<AssistanceParts, 'dispatches' | 'incidents'> & { alerts: Map<string, string[]> };

async function loadReach(db: Executor, rows: AssistanceRequestRow[]): Promise<Reach> {
  const ids = rows.map((row) => row.id);
  const [dispatches, alerts, incidents] = await Promise.all([
    listDispatchedTanodIds(db, ids),
    listAlertedTanodIds(db, ids),
    findIncidentSummaries(
      db,
      rows.flatMap((row) => (row.incidentId ? [row.incidentId] : [])),
    ),
  ]);
  return { dispatches, alerts, incidents };
}

async function loadParts(db: Executor, rows: AssistanceRequestRow[]): Promise<AssistanceParts & Reach> {
  const reach = await loadReach(db, rows);
  const personIds = rows.flatMap((row) => [row.requesterId, ...(row.decidedById ? [row.decidedById] : []), ...(reach.dispatches.get(row.id) ?? [])]);
  return { ...reach, people: await findPersonRows(db, personIds) };
}

/** The request as the visibility rule reads it (assistance.policy.ts). */
function audienceOf(row: AssistanceRequestRow, parts: Reach): RequestAudience {
  return {
    requesterId: row.requesterId,
    status: row.status,
    dispatched: parts.dispatches.get(row.id) ?? [],
    alerted: parts.alerts.get(row.id) ?? [],
    aboutConfidentialCase: row.incidentId ? (parts.incidents.get(row.incidentId)?.confidential ?? false) : false,
  };
}

async function presentOne(db: Executor, row: AssistanceRequestRow): Promise<AssistanceRequest> {
  return presentAssistanceRequest(row, await loadParts(db, [row]));
}

/** Positions older than this say nothing about where a tanod is now. */
const POSITION_FRESH_MS = 15 * 60_000;
/** docs/product.md §4.5: on-duty tanods within 1 km of the request hear it. */
const ASSISTANCE_RADIUS_M = 1_000;

/**
 * Who hears a new request (docs/product.md §4.5): the on-duty tanods within 1 km of it, or all of them
 * when no positions are known. An on-duty tanod whose position is unknown or stale is told too:
 * for a call for backup, an extra alert costs less than a missed one.
 */
async function backupRecipients(tx: Executor, now: Date, at: { lat: number; lng: number }): Promise<string[]> {
  const onDuty = await onDutyTanodIds(tx, now);
  const positions = await listRecentPositionsOf(tx, onDuty, new Date(now.getTime() - POSITION_FRESH_MS));
  if (positions.length === 0) return onDuty;
  const far = new Set(positions.filter((p) => distanceMeters(p, at) > ASSISTANCE_RADIUS_M).map((p) => p.userId));
  return onDuty.filter((id) => !far.has(id));
}

/** The live event of a request, to those who may see it as it stands after the change (assistance.policy.ts). */
async function publish(deps: AppDeps, tx: Executor, afterCommit: AfterCommit, name: 'assistance.created' | 'assistance.updated', row: AssistanceRequestRow) {
  const audience = liveAudienceOf(audienceOf(row, await loadReach(tx, [row])));
  afterCommit(() => deps.events.publish(name, { id: row.id, updatedAt: row.updatedAt, ...audience }));
}

/** A step on the incident's timeline too, when the request is about one (staff-only on the ticket). */
async function recordOnIncident(deps: AppDeps, tx: Tx, afterCommit: AfterCommit, row: AssistanceRequestRow, actorId: string, detail: string, kind: 'assistance_requested' | 'assistance_decided') {
  if (!row.incidentId) return;
  const now = row.updatedAt;
  await recordIncidentStep(deps, tx, afterCommit, { incidentId: row.incidentId, at: now, kind, actorId, detail });
}

/** `POST /api/assistance` (tanod). */
export async function requestAssistance(deps: AppDeps, actor: Actor, input: CreateAssistanceRequest): Promise<AssistanceRequest> {
  if (actor.userType !== 'tanod') throw forbidden(msg`Only tanods request backup.`);
  const incident = input.incidentId ? await getIncident(deps, actor, input.incidentId) : null;
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const created = await insertAssistanceRequest(tx, {
      incidentId: incident?._id ?? null,
      requesterId: actor.id,
      lat: input.location.lat,
      lng: input.location.lng,
      accuracy: input.location.accuracy ?? null,
      reason: input.reason,
      createdAt: now,
      updatedAt: now,
    });
    const me = (await findPersonRows(tx, [actor.id])).get(actor.id);
    const name = fullName(me);
    const ticket = incident?.ticket;
    const reason = input.reason;
    // Each recipient reads it in their language (decision 029), cut as the English always was.
    const message = () =>
      (ticket ? t`Backup assistance requested by ${name} for incident ${ticket}: ${reason}` : t`Backup assistance requested by ${name}: ${reason}`).slice(0, 480);
    const entity = { type: 'assistance' as const, id: created.id };
    await notify(deps, tx, afterCommit, { role: 'admins' }, { message, kind: 'assistance.requested', entity });
    const alerted = (await backupRecipients(tx, now, input.location)).filter((id) => id !== actor.id);
    await notify(deps, tx, afterCommit, { userIds: alerted }, { message, kind: 'assistance.requested', entity });
    // Kept, as a request about a confidential case is listed to these tanods only (assistance.policy.ts).
    await insertAlerts(tx, created.id, alerted);
    await recordOnIncident(deps, tx, afterCommit, created, actor.id, input.reason, 'assistance_requested');
    await sendAssistanceRequested(deps, tx, afterCommit, created, incident);
    await publish(deps, tx, afterCommit, 'assistance.created', created);
    return created;
  });
  return presentOne(deps.db, row);
}

/**
 * `GET /api/assistance`. The SQL keeps a tanod's own, dispatched and open requests; the open ones
 * about a confidential case are then left to the tanods their alert reached (assistance.policy.ts),
 * after the limit: open requests are a handful, far below it.
 */
export async function listAssistance(deps: AppDeps, actor: Actor, query: ListQuery): Promise<AssistanceListResponse> {
  const rows = await listAssistanceRequests(deps.db, {
    statuses: query.status,
    incidentId: query.incidentId,
    visibleTo: isAdmin(actor) ? null : actor.id,
    limit: ASSISTANCE_LIMITS.listMax,
  });
  const parts = await loadParts(deps.db, rows);
  const visible = rows.filter((row) => canSeeAssistanceRequest(actor, audienceOf(row, parts)));
  return { items: visible.map((row) => presentAssistanceRequest(row, parts)) };
}

/** The request as the caller may see it, with its dispatched tanods; 404 when hidden (as for an unknown id). */
async function visibleRequest(deps: AppDeps, actor: Actor, id: string): Promise<{ row: AssistanceRequestRow; dispatched: string[] }> {
  const row = await findAssistanceRequest(deps.db, id);
  if (!row) throw notFound(msg`Backup request not found`);
  const audience = audienceOf(row, await loadReach(deps.db, [row]));
  if (!canSeeAssistanceRequest(actor, audience)) throw notFound(msg`Backup request not found`);
  return { row, dispatched: [...audience.dispatched] };
}

/** `POST /api/assistance/{id}/approve` (admin): optionally dispatches tanods and records an outside agency. */
export async function approveAssistance(deps: AppDeps, actor: Actor, id: string, input: ApproveInput): Promise<AssistanceRequest> {
  if (!isAdmin(actor)) throw forbidden(msg`Only admins approve backup requests.`);
  const { row: before } = await visibleRequest(deps, actor, id);
  const tanodIds = [...new Set(input.tanodIds ?? [])];
  const people = await findPersonRows(deps.db, [...tanodIds, before.requesterId, actor.id]);
  const activeTanods = new Set(await listActiveTanodIds(deps.db));
  const notTanod = tanodIds.find((tanodId) => !activeTanods.has(tanodId));
  if (notTanod) throw new AppError('VALIDATION_FAILED', msg`Choose active tanods to dispatch`, { fields: [{ field: 'tanodIds', message: msg`Choose active tanods to dispatch` }] });
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const updated = await transitionAssistanceRequest(tx, id, ['pending'], {
      status: 'approved',
      decidedById: actor.id,
      decidedAt: now,
      agency: input.agency?.name ?? null,
      agencyReference: input.agency?.reference ?? null,
      updatedAt: now,
    });
    if (!updated) return undefined;
    await insertDispatches(tx, id, tanodIds);
    const names = tanodIds.map((tanodId) => fullName(people.get(tanodId)));
    const agency = input.agency ? `${input.agency.name}${input.agency.reference ? ` (${input.agency.reference})` : ''}` : null;
    const sent = [names.length ? names.join(', ') : null, agency].filter(Boolean).join('; ');
    const entity = { type: 'assistance' as const, id };
    await notify(deps, tx, afterCommit, { userId: updated.requesterId }, {
      message: () => (sent ? t`Your backup assistance request was approved: ${sent}` : t`Your backup assistance request was approved`).slice(0, 480),
      kind: 'assistance.approved',
      entity,
    });
    await notify(deps, tx, afterCommit, { userIds: tanodIds }, {
      message: () => {
        const requester = fullName(people.get(updated.requesterId));
        const reason = updated.reason;
        return t`You were dispatched to assist ${requester}: ${reason}`.slice(0, 480);
      },
      kind: 'assistance.dispatched',
      entity,
    });
    await appendAuditEntry(tx, { actor, action: 'approve', entity: 'assistance_request', entityId: id, after: { tanodIds, agency }, at: now });
    await recordOnIncident(deps, tx, afterCommit, updated, actor.id, `Backup approved${sent ? `: ${sent}` : ''}`, 'assistance_decided');
    await publish(deps, tx, afterCommit, 'assistance.updated', updated);
    return updated;
  });
  if (!row) throw wrongStatus((await findAssistanceRequest(deps.db, id))?.status ?? before.status, 'approved');
  return presentOne(deps.db, row);
}

/** `POST /api/assistance/{id}/reject` (admin), with a reason the requester sees. */
export async function rejectAssistance(deps: AppDeps, actor: Actor, id: string, reason: string): Promise<AssistanceRequest> {
  if (!isAdmin(actor)) throw forbidden(msg`Only admins reject backup requests.`);
  const { row: before } = await visibleRequest(deps, actor, id);
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const updated = await transitionAssistanceRequest(tx, id, ['pending'], {
      status: 'rejected',
      decidedById: actor.id,
      decidedAt: now,
      rejectionReason: reason,
      updatedAt: now,
    });
    if (!updated) return undefined;
    await notify(deps, tx, afterCommit, { userId: updated.requesterId }, {
      message: () => t`Your backup assistance request was rejected: ${reason}`.slice(0, 480),
      kind: 'assistance.rejected',
      entity: { type: 'assistance', id },
    });
    await appendAuditEntry(tx, { actor, action: 'reject', entity: 'assistance_request', entityId: id, after: { reason }, at: now });
    await recordOnIncident(deps, tx, afterCommit, updated, actor.id, `Backup rejected: ${reason}`, 'assistance_decided');
    await publish(deps, tx, afterCommit, 'assistance.updated', updated);
    return updated;
  });
  if (!row) throw wrongStatus((await findAssistanceRequest(deps.db, id))?.status ?? before.status, 'rejected');
  return presentOne(deps.db, row);
}

const PROGRESS = {
  deployed: { from: ['approved'], stamp: 'deployedAt', auditAction: 'deploy' },
  completed: { from: ['approved', 'deployed'], stamp: 'completedAt', auditAction: 'complete' },
  cancelled: { from: ['pending', 'approved', 'deployed'], stamp: 'cancelledAt', auditAction: 'cancel' },
} as const;

/** "Backup assistance for Juan Dela Cruz was deployed by Ana Reyes", in each recipient's language. */
function progressMessage(status: keyof typeof PROGRESS, requester: string, by: string) {
  if (status === 'deployed') return msg`Backup assistance for ${requester} was deployed by ${by}`;
  if (status === 'completed') return msg`Backup assistance for ${requester} was completed by ${by}`;
  return msg`Backup assistance for ${requester} was cancelled by ${by}`;
}

/**
 * `/deployed` and `/complete` (an admin or a dispatched tanod) and `/cancel` (the requester).
 * The requester, the dispatched tanods and the admins hear it, except whoever did it.
 */
export async function progressAssistance(deps: AppDeps, actor: Actor, id: string, status: keyof typeof PROGRESS): Promise<AssistanceRequest> {
  const { row: before, dispatched } = await visibleRequest(deps, actor, id);
  const step = PROGRESS[status];
  if (status === 'cancelled' ? before.requesterId !== actor.id : !isAdmin(actor) && !dispatched.includes(actor.id)) {
    throw forbidden(status === 'cancelled' ? msg`Only the tanod who asked can cancel a backup request.` : msg`Only an admin or a dispatched tanod can do this.`);
  }
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const updated = await transitionAssistanceRequest(tx, id, step.from, { status, [step.stamp]: now, updatedAt: now });
    if (!updated) return undefined;
    const me = (await findPersonRows(tx, [actor.id])).get(actor.id);
    const requester = (await findPersonRows(tx, [updated.requesterId])).get(updated.requesterId);
    const message = progressMessage(status, fullName(requester), fullName(me));
    const entity = { type: 'assistance' as const, id };
    const kind = `assistance.${status}`;
    await notify(deps, tx, afterCommit, { role: 'admins' }, { message, kind, entity, except: [actor.id] });
    await notify(deps, tx, afterCommit, { userIds: [updated.requesterId, ...dispatched] }, { message, kind, entity, except: [actor.id] });
    if (isAdmin(actor)) await appendAuditEntry(tx, { actor, action: step.auditAction, entity: 'assistance_request', entityId: id, at: now });
    await publish(deps, tx, afterCommit, 'assistance.updated', updated);
    return updated;
  });
  if (!row) throw wrongStatus((await findAssistanceRequest(deps.db, id))?.status ?? before.status, status);
  return presentOne(deps.db, row);
}
