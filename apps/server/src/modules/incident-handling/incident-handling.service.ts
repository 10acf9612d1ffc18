import { msg, select, t } from '@lingui/core/macro';
import type { AuditAction, IncidentDetail, IncidentStatus } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { IncidentRow } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { notify, type AfterCommit } from '../notifications/index.ts';
import { pushTicketProgress } from '../push/index.ts';
import { enqueueResolvedSms } from '../incident-alerts/index.ts';
import { sendIncidentStatusChanged } from '../webhooks/index.ts';
import { findActiveTanod, findPersonRows, presentPerson, type PersonRow } from '../users/index.ts';
import {
  addIncidentEvent,
  canMarkConfidential,
  canResolveIncident,
  canRespondToIncident,
  incidentById,
  incidentChange,
  incidentDetail,
  isAdmin,
  isHiddenFrom,
  markIncidentChanged,
  visibleIncident,
} from '../incidents/index.ts';
import {
  assignOpenIncident,
  claimPendingIncident,
  closeOpenIncident,
  findActiveIncidentOf,
  resolveInProgressIncident,
  setIncidentConfidential,
} from './incident-handling.repository.ts';
import { incidentLabel } from './incident-label.ts';

/**
 * Incident handling for staff (docs/product.md §4.4): the steps that change an incident. Every step is one conditional UPDATE on
 * the status it starts from (never read-then-write), its incident event and its notifications,
 * in one transaction; `incident:updated` goes out after commit.
 */

/** The steps a status can refuse, named in wrongStatus's message. */
type Step = 'respond' | 'assign' | 'resolve' | 'reject' | 'false_alarm';

const wrongStatus = (status: IncidentStatus, step: Step) =>
  new AppError(
    'CONFLICT',
    msg`This incident is ${select(status, {
      pending: 'still pending',
      in_progress: 'already in progress',
      resolved: 'already resolved',
      rejected: 'already rejected',
      other: 'already marked a false alarm',
    })}, so it cannot be ${select(step, {
      respond: 'responded to',
      assign: 'assigned',
      resolve: 'resolved',
      reject: 'rejected',
      other: 'marked a false alarm',
    })}.`,
    { details: { status } },
  );

// Called while a message is built, in the language it is written in (t).
const fullName = (person: PersonRow | undefined) => (person ? `${person.firstName} ${person.lastName}` : t`a staff member`);

function publishUpdated(deps: AppDeps, afterCommit: AfterCommit, incident: IncidentRow): void {
  afterCommit(() => deps.events.publish('incident.updated', incidentChange(incident)));
}

/**
 * `POST /api/incidents/{id}/confidential` (admin): marks the case confidential or lifts it, audited
 * in the same transaction. The change is announced to every staff screen that could see the
 * incident before or after, so a tanod's open list drops it (the event carries only the id).
 */
export async function setConfidential(deps: AppDeps, actor: Actor, id: string, confidential: boolean): Promise<IncidentDetail> {
  if (!canMarkConfidential(actor)) throw forbidden(msg`Only admins mark incidents confidential.`);
  const before = await incidentById(deps.db, id);
  if (!before) throw notFound(msg`Incident not found`);
  if (before.confidential === confidential) return incidentDetail(deps.db, before, actor);
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const updated = await setIncidentConfidential(tx, id, confidential, now);
    if (!updated) throw notFound(msg`Incident not found`);
    await audit(tx, actor, confidential ? 'mark_confidential' : 'unmark_confidential', updated, { confidential: before.confidential }, { confidential }, now);
    // Heard by everyone who could see it on either side of the change: the wider audience.
    afterCommit(() => deps.events.publish('incident.updated', { ...incidentChange(updated), confidential: false }));
    return updated;
  });
  return incidentDetail(deps.db, row, actor);
}

/**
 * `POST /api/incidents/{id}/respond`: a tanod claims a pending incident. Of any number of
 * simultaneous claims exactly one wins (the conditional update); the others get 409
 * `already_taken` naming the winner. The partial unique index on in-progress responders keeps
 * one active incident per tanod even when their own claims race.
 */
export async function respondToIncident(deps: AppDeps, actor: Actor, id: string): Promise<IncidentDetail> {
  if (!canRespondToIncident(actor)) throw forbidden(msg`Only tanods respond to incidents; admins assign them.`);
  const active = await findActiveIncidentOf(deps.db, actor.id);
  if (active && active.id !== id) throw hasActiveIncident(active);
  const now = deps.clock.now();
  let claimed: IncidentRow | undefined;
  try {
    claimed = await inTransaction(deps.db, async (tx, afterCommit) => {
      const row = await claimPendingIncident(tx, id, actor.id, now);
      if (!row) return undefined;
      await addIncidentEvent(tx, { incidentId: row.id, at: now, kind: 'responded', actorId: actor.id, subjectUserId: actor.id });
      const me = (await findPersonRows(tx, [actor.id])).get(actor.id);
      await notify(deps, tx, afterCommit, { role: 'admins' }, {
        message: () => {
          const incident = incidentLabel(row);
          const name = fullName(me);
          return msg`${incident}: ${name} is responding`;
        },
        kind: 'incident.responded',
        entity: { type: 'incident', id: row.id },
      });
      // A resident who reported while signed in hears that help is coming.
      await pushTicketProgress(deps, tx, afterCommit, row, 'responded', now);
      await sendIncidentStatusChanged(deps, tx, afterCommit, row, 'pending');
      publishUpdated(deps, afterCommit, row);
      return row;
    });
  } catch (error) {
    if (!uniqueViolation(error)) throw error;
    // The index refused a second in-progress incident: another claim of this tanod won the race.
    throw hasActiveIncident(await findActiveIncidentOf(deps.db, actor.id));
  }
  if (claimed) return incidentDetail(deps.db, claimed, actor);

  // Lost, or never claimable: say why.
  const incident = await incidentById(deps.db, id);
  if (!incident || isHiddenFrom(actor, incident)) throw notFound(msg`Incident not found`);
  if (incident.status === 'in_progress' && incident.responderId) {
    if (incident.responderId === actor.id) throw new AppError('CONFLICT', msg`You are already responding to this incident.`, { details: { status: incident.status } });
    const taker = (await findPersonRows(deps.db, [incident.responderId])).get(incident.responderId);
    const name = taker ? `${taker.firstName} ${taker.lastName}` : null;
    throw new AppError('already_taken', name ? msg`${name} already responded to this incident.` : msg`a staff member already responded to this incident.`, {
      details: { status: incident.status, ...(taker ? { takenBy: presentPerson(taker) } : {}) },
    });
  }
  throw wrongStatus(incident.status, 'respond');
}

function hasActiveIncident(active: { id: string; ticket: string } | undefined): AppError {
  const ticket = active?.ticket;
  const text = ticket
    ? msg`Resolve your active incident ${ticket} first: a tanod handles one incident at a time.`
    : msg`Resolve your active incident first: a tanod handles one incident at a time.`;
  return new AppError('has_active_incident', text, {
    details: active ? { incident: { _id: active.id, ticket: active.ticket } } : {},
  });
}

/** `POST /api/incidents/{id}/assign` (admin): a pending or in-progress incident goes to a tanod, who is notified. */
export async function assignIncident(deps: AppDeps, actor: Actor, id: string, tanodId: string): Promise<IncidentDetail> {
  if (!isAdmin(actor)) throw forbidden(msg`Only admins assign incidents.`);
  const tanod = await findActiveTanod(deps.db, tanodId);
  if (!tanod) throw new AppError('VALIDATION_FAILED', msg`Choose an active tanod`, { fields: [{ field: 'tanodId', message: msg`Choose an active tanod` }] });
  const before = await incidentById(deps.db, id);
  if (!before) throw notFound(msg`Incident not found`);
  const now = deps.clock.now();
  try {
    const row = await inTransaction(deps.db, async (tx, afterCommit) => {
      const updated = await assignOpenIncident(tx, id, tanod.id, now);
      if (!updated) return undefined;
      await addIncidentEvent(tx, { incidentId: id, at: now, kind: 'assigned', actorId: actor.id, subjectUserId: tanod.id });
      const entity = { type: 'incident' as const, id };
      await notify(deps, tx, afterCommit, { userId: tanod.id }, {
        message: () => {
          const incident = incidentLabel(updated);
          return msg`You were assigned ${incident}`;
        },
        kind: 'incident.assigned',
        entity,
      });
      if (before.responderId && before.responderId !== tanod.id) {
        await notify(deps, tx, afterCommit, { userId: before.responderId }, {
          message: () => {
            const incident = incidentLabel(updated);
            const name = fullName(tanod);
            return msg`${incident} was reassigned to ${name}`;
          },
          kind: 'incident.reassigned',
          entity,
        });
      }
      await notify(deps, tx, afterCommit, { role: 'admins' }, {
        message: () => {
          const incident = incidentLabel(updated);
          const name = fullName(tanod);
          return msg`${incident} was assigned to ${name}`;
        },
        kind: 'incident.assigned',
        entity,
        except: [actor.id],
      });
      await audit(tx, actor, 'assign', updated, { responderId: before.responderId, status: before.status }, { responderId: tanod.id }, now);
      await pushTicketProgress(deps, tx, afterCommit, updated, 'responded', now);
      // A reassignment keeps the status: nothing to send then.
      await sendIncidentStatusChanged(deps, tx, afterCommit, updated, before.status);
      publishUpdated(deps, afterCommit, updated);
      return updated;
    });
    if (row) return incidentDetail(deps.db, row, actor);
  } catch (error) {
    if (!uniqueViolation(error)) throw error;
    const holding = await findActiveIncidentOf(deps.db, tanod.id);
    const name = fullName(tanod);
    const ticket = holding?.ticket;
    const text = ticket ? msg`${name} is handling another incident (${ticket}).` : msg`${name} is handling another incident.`;
    throw new AppError('has_active_incident', text, {
      details: holding ? { incident: { _id: holding.id, ticket: holding.ticket } } : {},
    });
  }
  const current = await incidentById(deps.db, id);
  throw wrongStatus(current?.status ?? before.status, 'assign');
}

/** `POST /api/incidents/{id}/resolve`: the responder or an admin, with the resolution log. */
export async function resolveIncident(deps: AppDeps, actor: Actor, id: string, log: string): Promise<IncidentDetail> {
  // 403 rather than 404 for another tanod's incident: the id came from a list, and "not yours" is the honest answer.
  const incident = await incidentById(deps.db, id);
  if (!incident || isHiddenFrom(actor, incident)) throw notFound(msg`Incident not found`);
  if (!canResolveIncident(actor, incident)) throw forbidden(msg`Only the responding tanod or an admin can resolve this incident.`);
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const updated = await resolveInProgressIncident(tx, id, { resolvedById: actor.id, log, now, responderId: isAdmin(actor) ? null : actor.id });
    if (!updated) return undefined;
    await addIncidentEvent(tx, { incidentId: id, at: now, kind: 'resolved', actorId: actor.id, detail: log });
    const me = (await findPersonRows(tx, [actor.id])).get(actor.id);
    const message = () => {
      const incident = incidentLabel(updated);
      const name = fullName(me);
      return msg`${incident} was resolved by ${name}`;
    };
    const entity = { type: 'incident' as const, id };
    await notify(deps, tx, afterCommit, { role: 'admins' }, { message, kind: 'incident.resolved', entity, except: [actor.id] });
    if (updated.responderId && updated.responderId !== actor.id) {
      await notify(deps, tx, afterCommit, { userId: updated.responderId }, { message, kind: 'incident.resolved', entity });
    }
    await pushTicketProgress(deps, tx, afterCommit, updated, 'resolved', now);
    if (isAdmin(actor)) await audit(tx, actor, 'resolve', updated, { status: incident.status }, { status: 'resolved' }, now);
    // The reporter who left a number hears of it once, with the ticket page's link.
    await enqueueResolvedSms(deps, tx, afterCommit, updated);
    await sendIncidentStatusChanged(deps, tx, afterCommit, updated, 'in_progress');
    publishUpdated(deps, afterCommit, updated);
    return updated;
  });
  if (row) return incidentDetail(deps.db, row, actor);
  const current = (await incidentById(deps.db, id)) ?? incident;
  if (current.status === 'in_progress') throw forbidden(msg`Only the responding tanod or an admin can resolve this incident.`);
  throw wrongStatus(current.status, 'resolve');
}

/** `POST /api/incidents/{id}/reject` and `/false-alarm` (admin): the record stays, with the reason. */
export async function closeIncident(
  deps: AppDeps,
  actor: Actor,
  id: string,
  status: 'rejected' | 'false_alarm',
  reason: string,
): Promise<IncidentDetail> {
  if (!isAdmin(actor)) throw forbidden(status === 'rejected' ? msg`Only admins reject incidents.` : msg`Only admins mark false alarms.`);
  const before = await incidentById(deps.db, id);
  if (!before) throw notFound(msg`Incident not found`);
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const updated = await closeOpenIncident(tx, id, { status, reason, now });
    if (!updated) return undefined;
    await addIncidentEvent(tx, { incidentId: id, at: now, kind: status, actorId: actor.id, detail: reason });
    const message = () => {
      const incident = incidentLabel(updated);
      const why = reason.slice(0, 300);
      return status === 'rejected' ? msg`${incident} was rejected: ${why}` : msg`${incident} was marked a false alarm: ${why}`;
    };
    const entity = { type: 'incident' as const, id };
    await notify(deps, tx, afterCommit, { role: 'admins' }, { message, kind: `incident.${status}`, entity, except: [actor.id] });
    if (updated.responderId) await notify(deps, tx, afterCommit, { userId: updated.responderId }, { message, kind: `incident.${status}`, entity });
    await audit(tx, actor, status === 'rejected' ? 'reject' : 'false_alarm', updated, { status: before.status }, { status, reason }, now);
    await sendIncidentStatusChanged(deps, tx, afterCommit, updated, before.status);
    publishUpdated(deps, afterCommit, updated);
    return updated;
  });
  if (row) return incidentDetail(deps.db, row, actor);
  const current = (await incidentById(deps.db, id)) ?? before;
  throw wrongStatus(current.status, status === 'rejected' ? 'reject' : 'false_alarm');
}

/** `POST /api/incidents/{id}/notes`: staff-private; the ticket never shows it. */
export async function addIncidentNote(deps: AppDeps, actor: Actor, id: string, text: string): Promise<IncidentDetail> {
  await visibleIncident(deps.db, actor, id);
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const updated = await markIncidentChanged(tx, id, now);
    if (!updated) throw notFound(msg`Incident not found`);
    await addIncidentEvent(tx, { incidentId: id, at: now, kind: 'note', actorId: actor.id, detail: text });
    const me = (await findPersonRows(tx, [actor.id])).get(actor.id);
    const message = () => {
      const name = fullName(me);
      const incident = incidentLabel(updated);
      return msg`${name} added a note to ${incident}`;
    };
    const entity = { type: 'incident' as const, id };
    await notify(deps, tx, afterCommit, { role: 'admins' }, { message, kind: 'incident.note', entity, except: [actor.id] });
    if (updated.responderId && updated.responderId !== actor.id) {
      await notify(deps, tx, afterCommit, { userId: updated.responderId }, { message, kind: 'incident.note', entity });
    }
    publishUpdated(deps, afterCommit, updated);
    return updated;
  });
  return incidentDetail(deps.db, row, actor);
}

async function audit(
  tx: Tx,
  actor: Actor,
  action: AuditAction,
  incident: IncidentRow,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await appendAuditEntry(tx, { actor, action, entity: 'incident', entityId: incident.id, before: { ticket: incident.ticket, ...before }, after, at });
}

