import type { IncidentEventRow, IncidentRow } from '../../db/schema/index.ts';
import type { AfterCommit, Executor, Tx } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import { incidentChange } from './incident-change.ts';
import { findIncidentByTicket, insertIncidentEvent, touchIncident, touchIncidentReturning } from './incidents.repository.ts';

/**
 * What other modules read and write of the incident record, through the door (index.ts): the
 * incidents module owns the incident, its timeline and its photos; a rating (evaluations), a
 * request for backup (assistance) or a handling step (incident-handling, incident-evidence) adds a
 * step to the timeline here.
 */

export interface IncidentEventInput {
  incidentId: string;
  at: Date;
  kind: IncidentEventRow['kind'];
  actorId?: string | null;
  subjectUserId?: string | null;
  detail?: string | null;
}

/** Adds a step to the incident's timeline, returning it; the caller publishes the change. */
export async function addIncidentEvent(tx: Executor, values: IncidentEventInput): Promise<IncidentEventRow> {
  return insertIncidentEvent(tx, values);
}

/**
 * A step on the timeline from another feature (a rating, a request for backup): the step, the
 * incident marked changed, and `incident.updated` after commit so open screens refetch it.
 */
export async function recordIncidentStep(deps: Pick<AppDeps, 'events'>, tx: Tx, afterCommit: AfterCommit, values: IncidentEventInput): Promise<void> {
  await insertIncidentEvent(tx, values);
  const touched = await touchIncident(tx, values.incidentId, values.at);
  if (touched) afterCommit(() => deps.events.publish('incident.updated', incidentChange(touched)));
}

/** The incident with this (normalized) ticket. */
export async function incidentByTicket(db: Executor, ticket: string): Promise<IncidentRow | undefined> {
  return findIncidentByTicket(db, ticket);
}

/** Marks a change without a status step (a note, evidence), returning the row; undefined for an unknown id. */
export async function markIncidentChanged(tx: Executor, id: string, now: Date): Promise<IncidentRow | undefined> {
  return touchIncidentReturning(tx, id, now);
}
