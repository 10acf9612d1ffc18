import { msg } from '@lingui/core/macro';
import type { SmsInbox, SmsThread, SmsThreadToIncidentResponse, smsInboxQuerySchema, smsThreadToIncidentRequestSchema } from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { SmsThreadRow } from '../../db/schema/index.ts';
import { inTransaction, type AfterCommit, type Executor, type Tx } from '../../db/transaction.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { reportByText } from '../incidents/index.ts';
import { findVerifiedResident } from '../residents/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { findUserById } from '../users/index.ts';
import { statusLink, textBack, optedOut } from './outgoing.ts';
import { presentThreads } from './inbox.presenter.ts';
import {
  countOpenThreads,
  findOpenThread,
  findThread,
  listMessagesOf,
  listThreads,
  lockNumber,
  lockThread,
  setThreadsOfNumber,
  updateNumber,
  updateThread,
  type ThreadCursor,
} from './text-line.repository.ts';

/**
 * The admins' triage inbox of the text line (docs/decisions/032-the-text-line.md): threads per
 * number, newest first; make a report of one (the sender is texted the ticket), reply, dismiss,
 * block or unblock the number.
 */

type InboxQuery = z.output<typeof smsInboxQuerySchema>;
type ToIncidentInput = z.output<typeof smsThreadToIncidentRequestSchema>;

const threadNotFound = () => notFound(msg`Thread not found`);

const badCursor = () =>
  new AppError('VALIDATION_FAILED', msg`cursor is not one this list gave out`, { fields: [{ field: 'cursor', message: msg`cursor is not one this list gave out` }] });

function decodeCursor(cursor: string): ThreadCursor {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) throw badCursor();
  return { at: date, id };
}

/** `GET /api/sms/inbox`. */
export async function listInbox(deps: AppDeps, query: InboxQuery): Promise<SmsInbox> {
  const rows = await listThreads(deps.db, {
    status: query.status === 'all' ? null : query.status,
    limit: query.limit + 1,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    threads: await presentThreads(deps.db, page),
    openCount: await countOpenThreads(deps.db),
    nextCursor: rows.length > query.limit && last ? Buffer.from(`${last.lastMessageAt.toISOString()}|${last.id}`).toString('base64url') : null,
  };
}

/**
 * Every admin's inbox hears an admin's step (`sms:thread`) once it has committed, and the audit log
 * keeps who did it, in the step's transaction. The log names the thread, never the number or the
 * texts: those are a resident's, and go with the thread (text-line-erasure.service.ts).
 */
async function recordStep(
  deps: AppDeps,
  tx: Tx,
  afterCommit: AfterCommit,
  step: { actor: Actor; action: 'create' | 'reply' | 'dismiss' | 'block' | 'unblock'; thread: SmsThreadRow; at: Date; after?: Record<string, unknown> },
): Promise<void> {
  await appendAuditEntry(tx, { actor: step.actor, action: step.action, entity: 'sms_thread', entityId: step.thread.id, after: step.after ?? null, at: step.at });
  afterCommit(() => deps.events.publish('smsThread.changed', { id: step.thread.id, updatedAt: step.at }));
}

async function presentOne(db: Executor, row: SmsThreadRow): Promise<SmsThread> {
  const [thread] = await presentThreads(db, [row]);
  return thread!;
}

/**
 * `POST /api/sms/inbox/{id}/incident`: a report at the pin the admin placed, through the same door
 * as a resident's text (source `sms`, or `missed_call` for a thread of calls only), with the
 * thread's texts as its description; the sender is texted the ticket.
 */
export async function threadToIncident(deps: AppDeps, actor: Actor, id: string, input: ToIncidentInput): Promise<SmsThreadToIncidentResponse> {
  const settings = await getPublicSettings(deps);
  const incidentType = settings.incidentTypes.find((candidate) => candidate.name.toLowerCase() === input.type.toLowerCase());
  if (!incidentType) {
    throw new AppError('VALIDATION_FAILED', msg`Choose one of the listed incident types`, { fields: [{ field: 'type', message: msg`Choose one of the listed incident types` }] });
  }
  const now = deps.clock.now();
  const { thread, ticket } = await inTransaction(deps.db, async (tx, afterCommit) => {
    const row = await lockThread(tx, id);
    if (!row) throw threadNotFound();
    if (row.status === 'ticketed' || row.status === 'blocked') {
      throw new AppError('CONFLICT', msg`This thread is already closed: it has a ticket or its number is blocked`);
    }
    await lockNumber(tx, row.phoneNumber, now);
    const texts = (await listMessagesOf(tx, [row.id], 50)).get(row.id) ?? [];
    const received = texts.filter((message) => message.direction === 'in' && message.kind === 'text' && message.text.trim());
    const description = received.map((message) => message.text.trim()).join('\n').slice(0, 1000);
    const resident = row.residentId ? await findUserById(tx, row.residentId) : await findVerifiedResident(tx, row.phoneNumber);
    const incident = await reportByText(deps, tx, afterCommit, {
      type: incidentType.name,
      classification: input.classification,
      description,
      location: input.location,
      landmark: input.landmark ?? null,
      source: received.length === 0 && row.hasMissedCall ? 'missed_call' : 'sms',
      reporterId: resident?.userType === 'resident' ? resident.id : null,
      reporterName: resident?.userType === 'resident' ? `${resident.firstName} ${resident.lastName}` : null,
      reporterPhone: row.phoneNumber,
      reporterLanguage: resident?.language ?? 'fil',
      actorId: actor.id,
      confidential: incidentType.confidential === true,
    });
    const updated = (await updateThread(tx, row.id, { status: 'ticketed', incidentId: incident.id, closedAt: now, closedById: actor.id }))!;
    await recordStep(deps, tx, afterCommit, { actor, action: 'create', thread: updated, at: now, after: { ticket: incident.ticket } });
    await textBack(
      { deps, tx, afterCommit, now },
      {
        phone: row.phoneNumber,
        threadId: row.id,
        userId: resident?.userType === 'resident' ? resident.id : null,
        locale: resident?.language ?? 'fil',
        automatic: false,
        sentById: actor.id,
        reply: { kind: 'ticketed_by_admin', ticket: incident.ticket, link: statusLink(deps, incident.ticket) },
      },
    );
    return { thread: updated, ticket: incident.ticket };
  });
  return { ticket, thread: await presentOne(deps.db, thread) };
}

/** `POST /api/sms/inbox/{id}/reply`: texted from the barangay's phone, kept in the thread. */
export async function replyToThread(deps: AppDeps, actor: Actor, id: string, text: string): Promise<SmsThread> {
  const now = deps.clock.now();
  const thread = await inTransaction(deps.db, async (tx, afterCommit) => {
    const row = await findThread(tx, id);
    if (!row) throw threadNotFound();
    if (row.status === 'blocked') throw new AppError('CONFLICT', msg`This number is blocked: unblock it to reply`);
    if (await optedOut(tx, row.phoneNumber)) {
      throw new AppError('CONFLICT', msg`This number texted STOP: it gets no texts until it texts START`);
    }
    const resident = row.residentId ? await findUserById(tx, row.residentId) : undefined;
    await textBack(
      { deps, tx, afterCommit, now },
      { phone: row.phoneNumber, threadId: row.id, userId: resident?.id ?? null, locale: resident?.language ?? 'fil', automatic: false, sentById: actor.id, reply: { kind: 'written', text } },
    );
    const updated = (await updateThread(tx, row.id, { lastMessageAt: now }))!;
    await recordStep(deps, tx, afterCommit, { actor, action: 'reply', thread: updated, at: now });
    return updated;
  });
  return presentOne(deps.db, thread);
}

/** `POST /api/sms/inbox/{id}/dismiss`: read, nothing to do (thanks, spam). */
export async function dismissThread(deps: AppDeps, actor: Actor, id: string): Promise<SmsThread> {
  const now = deps.clock.now();
  const thread = await inTransaction(deps.db, async (tx, afterCommit) => {
    const row = await lockThread(tx, id);
    if (!row) throw threadNotFound();
    if (row.status !== 'open') throw new AppError('CONFLICT', msg`Only an open thread can be dismissed`);
    const updated = (await updateThread(tx, row.id, { status: 'dismissed', closedAt: now, closedById: actor.id }))!;
    await recordStep(deps, tx, afterCommit, { actor, action: 'dismiss', thread: updated, at: now });
    return updated;
  });
  return presentOne(deps.db, thread);
}

/** `POST /api/sms/inbox/{id}/block`: the number's texts are dropped from now on; its open thread closes as blocked. */
export async function blockThreadNumber(deps: AppDeps, actor: Actor, id: string): Promise<SmsThread> {
  const now = deps.clock.now();
  const thread = await inTransaction(deps.db, async (tx, afterCommit) => {
    const row = await lockThread(tx, id);
    if (!row) throw threadNotFound();
    await lockNumber(tx, row.phoneNumber, now);
    await updateNumber(tx, row.phoneNumber, { blockedAt: now, blockedById: actor.id, updatedAt: now });
    // The number's open thread (this one, or a newer one) is closed as blocked too.
    await setThreadsOfNumber(tx, row.phoneNumber, ['open'], { status: 'blocked', closedAt: now, closedById: actor.id });
    const updated = (await updateThread(tx, row.id, { status: 'blocked', closedAt: now, closedById: actor.id }))!;
    await recordStep(deps, tx, afterCommit, { actor, action: 'block', thread: updated, at: now });
    return updated;
  });
  return presentOne(deps.db, thread);
}

/** `POST /api/sms/inbox/{id}/unblock`: off the block list; this thread opens again for triage. */
export async function unblockThreadNumber(deps: AppDeps, actor: Actor, id: string): Promise<SmsThread> {
  const now = deps.clock.now();
  const thread = await inTransaction(deps.db, async (tx, afterCommit) => {
    const row = await lockThread(tx, id);
    if (!row) throw threadNotFound();
    await lockNumber(tx, row.phoneNumber, now);
    await updateNumber(tx, row.phoneNumber, { blockedAt: null, blockedById: null, updatedAt: now });
    let updated = row;
    if (row.status === 'blocked') {
      // Other threads blocked with it stay closed, as dismissed: one thread per number is open at most.
      await setThreadsOfNumber(tx, row.phoneNumber, ['blocked'], { status: 'dismissed' });
      const open = await findOpenThread(tx, row.phoneNumber);
      updated = (await updateThread(tx, row.id, open ? { status: 'dismissed' } : { status: 'open', closedAt: null, closedById: null }))!;
    }
    await recordStep(deps, tx, afterCommit, { actor, action: 'unblock', thread: updated, at: now });
    return updated;
  });
  return presentOne(deps.db, thread);
}
