import { msg } from '@lingui/core/macro';
import { normalizeTicket, type SmsInboundProvider } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { InboundEvent } from '../../adapters/sms/inbound.ts';
import type { SmsNumberRow, SmsThreadRow, UserRow } from '../../db/schema/index.ts';
import { inTransaction, type AfterCommit, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Locale } from '../../lib/i18n.ts';
import { normalizePhoneNumber } from '../../lib/phone.ts';
import { incidentById, incidentByTicket, recordIncidentStep, reportByText } from '../incidents/index.ts';
import { findVerifiedResident, homePlaceOf, type HomePlace } from '../residents/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { classifyText, commandOf, emergencyType, normalizeText } from './keywords.ts';
import { statusLink, textBack } from './outgoing.ts';
import {
  claimEvent,
  countDropped,
  findLatestThread,
  findOpenThread,
  findRecentTicketedThread,
  insertMessage,
  insertThread,
  lockNumber,
  recordGatewayContact,
  sentSameTextSince,
  touchThreadReceived,
  updateNumber,
} from './text-line.repository.ts';

const MINUTE = 60_000;
/** The same text from one number within this is one text (a gateway's retry under a new id, a second press of Send). */
const SAME_TEXT_MS = 10 * MINUTE;
/** An unknown number is acknowledged at most this often, however many texts it sends. */
const ACK_EVERY_MS = 10 * MINUTE;
/** A resident's further text while their ticket is open and this recent joins that ticket. */
const FOLLOW_UP_MS = 30 * MINUTE;

const OPEN_STATUSES = new Set(['pending', 'in_progress']);

const replayed = () => new AppError('UNAUTHENTICATED', msg`This webhook event was already received`);

/**
 * One signed event from a gateway (docs/decisions/032-the-text-line.md). The contact is recorded
 * first (the phone is alive, whatever it says); a text or a missed call is then decided in one
 * transaction holding its number's row, so a retry, a replay or a flood from one number is decided
 * one event at a time on every instance.
 */
export async function receiveInbound(deps: AppDeps, provider: SmsInboundProvider, event: InboundEvent): Promise<void> {
  const now = deps.clock.now();
  const offline = event.kind === 'heartbeat' && !event.online;
  await recordGatewayContact(deps.db, provider, now, {
    heartbeat: event.kind === 'heartbeat',
    message: event.kind === 'text' || event.kind === 'missed_call',
    offline,
  });
  if (event.kind !== 'text' && event.kind !== 'missed_call') return;
  const from = normalizePhoneNumber(event.from, { mobileOnly: true });
  // Short codes, a carrier's named senders and foreign numbers are machines or not ours to
  // answer; the phone's own number would answer itself, in a loop.
  if (!from || from.length < 12 || from === gatewayNumber(deps)) return;
  const settings = await getPublicSettings(deps);
  const hotline = settings.hotlines[0]?.number ?? null;
  await inTransaction(deps.db, async (tx, afterCommit) => {
    // An event id seen before is a replay (httpSMS's token does not cover the body) or a retry of
    // what was already decided: refused like a bad signature, and nothing is done twice. Claimed in
    // the transaction, so an event whose handling failed can be posted again.
    if (!(await claimEvent(tx, provider, event.eventId, now))) throw replayed();
    const number = await lockNumber(tx, from, now);
    if (number.blockedAt) {
      await countDropped(tx, from, now);
      return;
    }
    const resident = await findVerifiedResident(tx, from);
    const home = resident ? await homePlaceOf(tx, resident) : null;
    const sender: Sender = { phone: from, number, resident, home, locale: resident?.language ?? 'fil' };
    const context: Context = { deps, tx, afterCommit, now, sender, hotline, types: settings.incidentTypes };
    if (event.kind === 'missed_call') await missedCall(context);
    else await text(context, event.text);
  });
}

/** The barangay phone's own number, normalised. */
function gatewayNumber(deps: AppDeps): string | null {
  const configured = deps.config.textLine.gatewayNumber;
  return configured ? normalizePhoneNumber(configured) : null;
}

interface Sender {
  phone: string;
  number: SmsNumberRow;
  resident: UserRow | undefined;
  home: HomePlace | null;
  locale: Locale;
}

interface Context {
  deps: AppDeps;
  tx: Tx;
  afterCommit: AfterCommit;
  now: Date;
  sender: Sender;
  hotline: string | null;
  types: Awaited<ReturnType<typeof getPublicSettings>>['incidentTypes'];
}

async function text(context: Context, body: string): Promise<void> {
  const { tx, now, sender } = context;
  const folded = normalizeText(body);
  const command = commandOf(body);
  if (command?.kind === 'stop' || command?.kind === 'start') {
    const thread = await threadForCommand(context);
    await record(context, thread, 'text', body, folded);
    const stopped = command.kind === 'stop';
    await updateNumber(tx, sender.phone, { optedOutAt: stopped ? now : null, updatedAt: now });
    // The one text a STOP still gets: that it worked (the delivery channel lets this kind through).
    await textBack(context, { phone: sender.phone, threadId: thread.id, userId: sender.resident?.id ?? null, locale: sender.locale, automatic: true, reply: stopped ? { kind: 'stopped' } : { kind: 'started' }, stopConfirmation: stopped });
    return;
  }
  if (command?.kind === 'status') {
    const thread = await threadForCommand(context);
    await record(context, thread, 'text', body, folded);
    const ticket = normalizeTicket(command.ticket);
    const incident = ticket ? await incidentByTicket(tx, ticket) : undefined;
    const reply = incident
      ? ({ kind: 'status', ticket: incident.ticket, status: incident.status, link: statusLink(context.deps, incident.ticket) } as const)
      : ({ kind: 'unknown_ticket', ticket: command.ticket.toUpperCase().slice(0, 20) } as const);
    await textBack(context, { phone: sender.phone, threadId: thread.id, userId: sender.resident?.id ?? null, locale: sender.locale, automatic: true, reply });
    return;
  }
  if (folded && (await sentSameTextSince(tx, sender.phone, folded, new Date(now.getTime() - SAME_TEXT_MS)))) {
    // The same text again: counted on the thread it went to, nothing else.
    const thread = (await findOpenThread(tx, sender.phone)) ?? (await findLatestThread(tx, sender.phone));
    if (thread) await touchThreadReceived(tx, thread.id, now, false);
    return;
  }
  if (sender.resident && sender.home) {
    if (await followUp(context, body, folded, 'text')) return;
    const { classification, type } = classifyText(body, context.types);
    await ticketAtHome(context, { classification, type, description: body.trim().slice(0, 1000), source: 'sms', body, folded });
    return;
  }
  await toInbox(context, 'text', body, folded);
}

async function missedCall(context: Context): Promise<void> {
  const { sender } = context;
  if (sender.resident && sender.home) {
    // Ringing again and again is one SOS: it joins the open ticket of a call or text a moment ago.
    if (await followUp(context, '', null, 'missed_call')) return;
    await ticketAtHome(context, { classification: 'emergency', type: emergencyType(context.types), description: '', source: 'missed_call', body: '', folded: null });
    return;
  }
  await toInbox(context, 'missed_call', '', null);
}

/** A verified resident with a home: a report there at once, its thread, and the receipt. */
async function ticketAtHome(
  context: Context,
  report: { classification: 'normal' | 'emergency'; type: string; description: string; source: 'sms' | 'missed_call'; body: string; folded: string | null },
): Promise<void> {
  const { deps, tx, afterCommit, now, sender } = context;
  const resident = sender.resident!;
  const home = sender.home!;
  const type = context.types.find((candidate) => candidate.name === report.type);
  const incident = await reportByText(deps, tx, afterCommit, {
    type: report.type,
    classification: report.classification,
    description: report.description,
    location: { lat: home.lat, lng: home.lng },
    landmark: home.purok,
    source: report.source,
    reporterId: resident.id,
    reporterName: `${resident.firstName} ${resident.lastName}`,
    reporterPhone: sender.phone,
    reporterLanguage: sender.locale,
    actorId: null,
    confidential: type?.confidential === true,
  });
  const thread = await insertThread(tx, {
    phoneNumber: sender.phone,
    residentId: resident.id,
    status: 'ticketed',
    incidentId: incident.id,
    openedAt: now,
    lastMessageAt: now,
    closedAt: now,
  });
  const kind = report.source === 'missed_call' ? 'missed_call' : 'text';
  await record(context, thread, kind, report.body, report.folded);
  const link = statusLink(deps, incident.ticket);
  await textBack(context, {
    phone: sender.phone,
    threadId: thread.id,
    userId: resident.id,
    locale: sender.locale,
    automatic: true,
    reply:
      report.source === 'missed_call'
        ? { kind: 'missed_call_receipt', ticket: incident.ticket, link }
        : { kind: 'receipt', ticket: incident.ticket, link, classification: incident.classification },
  });
}

/**
 * A resident's text or call while their report from a moment ago is still open joins it: on the
 * thread, and on the incident's timeline as a note the responders read. False when there is none.
 */
async function followUp(context: Context, body: string, folded: string | null, kind: 'text' | 'missed_call'): Promise<boolean> {
  const { deps, tx, afterCommit, now, sender } = context;
  const thread = await findRecentTicketedThread(tx, sender.phone, new Date(now.getTime() - FOLLOW_UP_MS));
  if (!thread?.incidentId) return false;
  const incident = await incidentById(tx, thread.incidentId);
  if (!incident || !OPEN_STATUSES.has(incident.status)) return false;
  await record(context, thread, kind, body, folded);
  if (kind === 'text') {
    await recordIncidentStep(deps, tx, afterCommit, { incidentId: incident.id, at: now, kind: 'note', detail: `SMS ${sender.phone}: ${body.trim().slice(0, 1000)}` });
    await textBack(context, { phone: sender.phone, threadId: thread.id, userId: sender.resident?.id ?? null, locale: sender.locale, automatic: true, reply: { kind: 'follow_up', ticket: incident.ticket } });
  }
  return true;
}

/** An unknown number, or a resident Bantay cannot place: the inbox, acknowledged once per 10 minutes. */
async function toInbox(context: Context, kind: 'text' | 'missed_call', body: string, folded: string | null): Promise<void> {
  const { tx, now, sender } = context;
  const thread =
    (await findOpenThread(tx, sender.phone)) ??
    (await insertThread(tx, { phoneNumber: sender.phone, residentId: sender.resident?.id ?? null, status: 'open', openedAt: now, lastMessageAt: now }));
  await record(context, thread, kind, body, folded);
  // A missed call from an unknown number gets no text: it may be a wrong number, and an admin can call back.
  if (kind === 'missed_call') return;
  const lastAck = sender.number.lastAckAt;
  if (lastAck && now.getTime() - lastAck.getTime() < ACK_EVERY_MS) return;
  await updateNumber(tx, sender.phone, { lastAckAt: now, updatedAt: now });
  await textBack(context, {
    phone: sender.phone,
    threadId: thread.id,
    userId: sender.resident?.id ?? null,
    locale: sender.locale,
    automatic: true,
    reply: { kind: sender.resident ? 'acknowledged_no_home' : 'acknowledged', hotline: context.hotline },
  });
}

/** Where a command's text and answer are kept: the open thread, else the newest, else a closed one of its own (nothing to triage). */
async function threadForCommand(context: Context): Promise<SmsThreadRow> {
  const { tx, now, sender } = context;
  return (
    (await findOpenThread(tx, sender.phone)) ??
    (await findLatestThread(tx, sender.phone)) ??
    (await insertThread(tx, { phoneNumber: sender.phone, residentId: sender.resident?.id ?? null, status: 'dismissed', openedAt: now, lastMessageAt: now, closedAt: now }))
  );
}

async function record(context: Context, thread: SmsThreadRow, kind: 'text' | 'missed_call', body: string, folded: string | null): Promise<void> {
  const { tx, now, sender } = context;
  await insertMessage(tx, { threadId: thread.id, phoneNumber: sender.phone, direction: 'in', kind, text: body, normalizedText: folded, at: now });
  await touchThreadReceived(tx, thread.id, now, kind === 'missed_call');
  // The admins' open inboxes show it without waiting for their next poll.
  context.afterCommit(() => context.deps.events.publish('smsThread.changed', { id: thread.id, updatedAt: now }));
}
