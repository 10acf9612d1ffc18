import { msg } from '@lingui/core/macro';
import {
  HEARING_OUTCOME_LABELS,
  type BlotterEntry,
  type CopyRequest,
  type Hearing,
  type MyBlotterEntry,
  type copyDecisionSchema,
  type hearingOutcomeSchema,
  type scheduleHearingSchema,
} from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { currentLocale, translate, withLocale, type Locale } from '../../lib/i18n.ts';
import { formatInZone, nextDay, startOfDayIn } from '../../lib/time-zone.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { enqueueDeliveries } from '../deliveries/index.ts';
import { findPersonRows } from '../users/index.ts';
import { notify } from '../notifications/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { presentCopyRequest, presentHearing } from './blotter.presenter.ts';
import {
  copyRequestWithId,
  copyRequestsOfRequester,
  copyRequestsWithStatus,
  decideCopyRequest,
  findActiveStaff,
  findCopyRequest,
  findEntry,
  findHearing,
  findUserPhone,
  residentLanguagesOf,
  insertCopyRequest,
  insertHearing,
  listCopyRequests,
  listEntriesOfPhone,
  listHearingsBetween,
  lockEntry,
  recordHearingOutcome,
} from './blotter.repository.ts';
import { applyAmendment, getEntry } from './blotter.service.ts';

/**
 * Mediation before the Lupon Tagapamayapa and the residents' certified copies
 * (docs/decisions/026-the-blotter.md). Texts go through the deliveries table (decision 016), in
 * the transaction of the change that causes them.
 */

type ScheduleInput = z.output<typeof scheduleHearingSchema>;
type OutcomeInput = z.output<typeof hearingOutcomeSchema>;
type DecisionInput = z.output<typeof copyDecisionSchema>;

/** `POST /api/blotter/{id}/hearings` (admin): only for an entry referred to the Lupon. */
export async function scheduleHearing(deps: AppDeps, actor: Actor, entryId: string, input: ScheduleInput): Promise<BlotterEntry> {
  const scheduledAt = new Date(input.scheduledAt);
  const now = deps.clock.now();
  if (scheduledAt.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', msg`scheduledAt: must be in the future`, { fields: [{ field: 'scheduledAt', message: msg`must be in the future` }] });
  }
  const mediator = await findActiveStaff(deps.db, input.mediatorId);
  if (!mediator) throw new AppError('VALIDATION_FAILED', msg`mediatorId: is not an active staff account`, { fields: [{ field: 'mediatorId', message: msg`is not an active staff account` }] });
  const settings = await getPublicSettings(deps);
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const entry = await lockEntry(tx, entryId);
    if (!entry) throw notFound(msg`Blotter entry not found`);
    if (entry.status !== 'referred' || entry.referredTo !== 'lupon') {
      const number = entry.number;
      throw new AppError('CONFLICT', msg`Entry ${number} is not referred to the Lupon Tagapamayapa, so it has no hearings.`, { details: { status: entry.status } });
    }
    const hearing = await insertHearing(tx, { entryId, scheduledAt, mediatorId: mediator.id, createdById: actor.id, createdAt: now });
    await appendAuditEntry(tx, {
      actor,
      action: 'create',
      entity: 'blotter_hearing',
      entityId: hearing.id,
      after: { entryId, number: entry.number, scheduledAt: scheduledAt.toISOString(), mediatorId: mediator.id },
      at: now,
    });
    const barangay = settings.name;
    const number = entry.number;
    const when = () => formatInZone(settings.timezone, scheduledAt, undefined, currentLocale());
    // Every party with a phone, once per hearing and number; the text names no other party. A party
    // with a resident account reads it in its language, any other in English (decision 029).
    const phones = [...new Set([...entry.complainants, ...entry.respondents].flatMap((party) => (party.phone ? [party.phone] : [])))];
    const languages = await residentLanguagesOf(tx, phones);
    const hearingSms = (locale: Locale) =>
      withLocale(locale, () => {
        const at = when();
        return translate(msg`${barangay}: you are called to a Lupon mediation hearing on blotter entry ${number}, ${at}, at the barangay hall.`, locale);
      });
    await enqueueDeliveries(
      deps,
      tx,
      afterCommit,
      phones.map((phone) => ({
        channel: 'sms' as const,
        to: phone,
        kind: 'blotter.hearing_scheduled',
        dedupeKey: `sms-hearing:${hearing.id}:${phone}`,
        payload: { text: hearingSms(languages.get(phone) ?? 'en') },
      })),
    );
    if (mediator.id !== actor.id) {
      await notify(deps, tx, afterCommit, { userId: mediator.id }, {
        message: () => {
          const at = when();
          return msg`You mediate the Lupon hearing of blotter entry ${number} on ${at}`;
        },
        kind: 'blotter.hearing_scheduled',
        entity: { type: 'blotter_entry', id: entryId },
      });
    }
  });
  return getEntry(deps, actor, entryId);
}

/**
 * `POST /api/blotter/hearings/{id}/outcome` (admin), once per hearing. A settlement amends the
 * entry to settled, and a certificate to file action closes it (the case goes to court): each a
 * status change, so each an amendment with its reason.
 */
export async function recordOutcome(deps: AppDeps, actor: Actor, hearingId: string, input: OutcomeInput): Promise<BlotterEntry> {
  const existing = await findHearing(deps.db, hearingId);
  if (!existing) throw notFound(msg`Hearing not found`);
  const { timezone } = await getPublicSettings(deps);
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const entry = await lockEntry(tx, existing.entryId);
    if (!entry) throw notFound(msg`Blotter entry not found`);
    const hearing = await recordHearingOutcome(tx, hearingId, { outcome: input.outcome, terms: input.terms ?? null, outcomeAt: now, outcomeById: actor.id });
    if (!hearing) throw new AppError('CONFLICT', msg`This hearing already has its outcome.`, { details: { outcome: existing.outcome } });
    await appendAuditEntry(tx, { actor, action: 'complete', entity: 'blotter_hearing', entityId: hearingId, after: { outcome: input.outcome, number: entry.number }, at: now });
    const held = formatInZone(timezone, existing.scheduledAt);
    if (input.outcome === 'settled' && entry.status !== 'settled') {
      await applyAmendment(tx, actor, entry, `Settled at the Lupon hearing of ${held}. Terms: ${input.terms}`, { status: 'settled' }, now);
    }
    if (input.outcome === 'certificate_to_file_action' && entry.status !== 'closed') {
      // Stored text is English whoever clicked (decision 029): the label is read in English.
      const outcome = withLocale('en', () => HEARING_OUTCOME_LABELS.certificate_to_file_action);
      await applyAmendment(tx, actor, entry, `${outcome} issued after the Lupon hearing of ${held}.`, { status: 'closed' }, now);
    }
  });
  return getEntry(deps, actor, existing.entryId);
}

/** `GET /api/blotter/hearings?from=&to=` (admin): the calendar's hearings, days in the barangay's zone. */
export async function listHearings(deps: AppDeps, query: { from: string; to: string }): Promise<{ items: Hearing[] }> {
  const { timezone } = await getPublicSettings(deps);
  const rows = await listHearingsBetween(deps.db, startOfDayIn(timezone, query.from), startOfDayIn(timezone, nextDay(query.to)));
  const people = await findPersonRows(deps.db, rows.map((row) => row.hearing.mediatorId));
  return { items: rows.map((row) => presentHearing(row, people)) };
}

/** The signed-in resident's verified phone: how the blotter knows them as a party. */
async function residentPhone(deps: AppDeps, actor: Actor): Promise<string | null> {
  return (await findUserPhone(deps.db, actor.id))?.phoneNumber ?? null;
}

/**
 * `GET /api/blotter/mine` (resident): the entries naming the resident's verified phone among the
 * parties (ever: an amendment that drops a number keeps it here), with their latest copy request.
 * A resident sees the number, nature, date and status, never the narrative or the other parties.
 */
export async function listMyEntries(deps: AppDeps, actor: Actor): Promise<{ items: MyBlotterEntry[] }> {
  const phone = await residentPhone(deps, actor);
  if (!phone) return { items: [] };
  const entries = await listEntriesOfPhone(deps.db, phone);
  const requests = await listCopyRequests(deps.db, copyRequestsOfRequester(actor.id, entries.map((entry) => entry.id)));
  return {
    items: entries.map((entry) => {
      // Newest first: the latest request speaks for the entry.
      const request = requests.find((candidate) => candidate.request.entryId === entry.id)?.request ?? null;
      const wasComplainant = [...entry.complainants, ...entry.original.complainants].some((party) => party.phone === phone);
      return {
        _id: entry.id,
        number: entry.number,
        nature: entry.nature,
        occurredAt: entry.occurredAt.toISOString(),
        status: entry.status,
        role: wasComplainant ? 'complainant' : 'respondent',
        copyRequest: request
          ? { _id: request.id, status: request.status, reason: request.reason, requestedAt: request.createdAt.toISOString(), decidedAt: request.decidedAt?.toISOString() ?? null }
          : null,
      };
    }),
  };
}

/**
 * `POST /api/blotter/{id}/copy-requests` (resident party): a pending request the admins are told
 * of; asking again while one is pending, or once one was approved, returns that one (created
 * false). An entry that does not name the resident answers 404.
 */
export async function requestCopy(deps: AppDeps, actor: Actor, entryId: string): Promise<{ created: boolean; request: CopyRequest }> {
  const phone = await residentPhone(deps, actor);
  const entry = await findEntry(deps.db, entryId);
  if (!entry || !phone || !entry.partyPhones.includes(phone)) throw notFound(msg`Blotter entry not found`);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const mine = await listCopyRequests(tx, copyRequestsOfRequester(actor.id, [entryId]));
    const open = mine.find((row) => row.request.status === 'pending' || row.request.status === 'approved');
    if (open) return { created: false, request: presentCopyRequest(open) };
    const inserted = await insertCopyRequest(tx, entryId, actor.id, now);
    if (!inserted) throw new AppError('CONFLICT', msg`Your request is already waiting for an admin.`);
    await appendAuditEntry(tx, { actor, action: 'create', entity: 'blotter_copy_request', entityId: inserted.id, after: { entryId, number: entry.number }, at: now });
    await notify(deps, tx, afterCommit, { role: 'admins' }, {
      message: () => {
        const number = entry.number;
        return msg`A resident asks for a certified copy of blotter entry ${number}`;
      },
      kind: 'blotter.copy_requested',
      entity: { type: 'blotter_entry', id: entryId },
    });
    const row = (await listCopyRequests(tx, copyRequestsOfRequester(actor.id, [entryId]))).find((candidate) => candidate.request.id === inserted.id);
    return { created: true, request: presentCopyRequest(row!) };
  });
}

/** `GET /api/blotter/copy-requests?status=` (admin). */
export async function listCopyRequestsByStatus(deps: AppDeps, status: 'pending' | 'approved' | 'rejected'): Promise<{ items: CopyRequest[] }> {
  return { items: (await listCopyRequests(deps.db, copyRequestsWithStatus(status))).map(presentCopyRequest) };
}

/** `POST /api/blotter/copy-requests/{id}/decision` (admin): once; the resident learns it by SMS. */
export async function decideCopy(deps: AppDeps, actor: Actor, requestId: string, input: DecisionInput): Promise<CopyRequest> {
  const existing = await findCopyRequest(deps.db, requestId);
  if (!existing) throw notFound(msg`Copy request not found`);
  const settings = await getPublicSettings(deps);
  const requester = existing.requesterId ? await findUserPhone(deps.db, existing.requesterId) : undefined;
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const decided = await decideCopyRequest(tx, requestId, {
      status: input.approve ? 'approved' : 'rejected',
      reason: input.reason ?? null,
      decidedById: actor.id,
      decidedAt: now,
    });
    if (!decided) throw new AppError('CONFLICT', msg`This request was already decided.`, { details: { status: existing.status } });
    const [row] = await listCopyRequests(tx, copyRequestWithId(requestId));
    const number = row!.number;
    await appendAuditEntry(tx, {
      actor,
      action: input.approve ? 'approve' : 'reject',
      entity: 'blotter_copy_request',
      entityId: requestId,
      after: { number, ...(input.reason ? { reason: input.reason } : {}) },
      at: now,
    });
    if (existing.requesterId && requester?.phoneNumber) {
      const link = deps.config.publicUrl;
      const barangay = settings.name;
      const reason = input.reason ?? '';
      // In the resident's account language (decision 029).
      const locale = requester.language ?? 'en';
      await enqueueDeliveries(deps, tx, afterCommit, [
        {
          channel: 'sms',
          userId: existing.requesterId,
          to: requester.phoneNumber,
          kind: input.approve ? 'blotter.copy_approved' : 'blotter.copy_rejected',
          dedupeKey: `sms-copy-decision:${requestId}`,
          payload: {
            text: input.approve
              ? translate(msg`${barangay}: your certified copy of blotter entry ${number} is ready. Sign in at ${link} to download it.`, locale)
              : translate(msg`${barangay}: your request for a copy of blotter entry ${number} was declined. Reason: ${reason}`, locale),
          },
        },
      ]);
    }
    return presentCopyRequest({ ...row!, request: decided });
  });
}
