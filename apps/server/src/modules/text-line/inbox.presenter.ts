import { TEXT_LINE_LIMITS, type SmsThread } from '@bantay/shared';
import type { SmsMessageRow, SmsThreadRow } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import { incidentById } from '../incidents/index.ts';
import { homePlaceOf } from '../residents/index.ts';
import { findPersonRows, findUserById, presentPerson, type PersonRow } from '../users/index.ts';
import { listMessagesOf } from './text-line.repository.ts';

/** Threads as the inbox shows them: the resident, the ticket and the people named, read through their owners' doors. */
export async function presentThreads(db: Executor, rows: SmsThreadRow[]): Promise<SmsThread[]> {
  if (rows.length === 0) return [];
  const messages = await listMessagesOf(db, rows.map((row) => row.id), TEXT_LINE_LIMITS.messagesPerThread);
  const staffIds = [
    ...rows.map((row) => row.closedById),
    ...[...messages.values()].flat().map((message) => message.sentById),
  ].filter((id): id is string => id !== null);
  const people = await findPersonRows(db, staffIds);
  const residents = new Map<string, SmsThread['resident']>();
  for (const id of new Set(rows.map((row) => row.residentId).filter((value): value is string => value !== null))) {
    const user = await findUserById(db, id);
    if (user) {
      residents.set(id, {
        _id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        homePurok: user.homePurok,
        hasHome: (await homePlaceOf(db, user)) !== null,
      });
    }
  }
  const tickets = new Map<string, SmsThread['ticket']>();
  for (const id of new Set(rows.map((row) => row.incidentId).filter((value): value is string => value !== null))) {
    const incident = await incidentById(db, id);
    if (incident) tickets.set(id, { _id: incident.id, ticket: incident.ticket, status: incident.status, classification: incident.classification });
  }
  return rows.map((row) => ({
    _id: row.id,
    phoneNumber: row.phoneNumber,
    resident: row.residentId ? (residents.get(row.residentId) ?? null) : null,
    status: row.status,
    hasMissedCall: row.hasMissedCall,
    ticket: row.incidentId ? (tickets.get(row.incidentId) ?? null) : null,
    messages: (messages.get(row.id) ?? []).map((message) => presentMessage(message, people)),
    receivedCount: row.receivedCount,
    openedAt: row.openedAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    closedBy: row.closedById && people.has(row.closedById) ? presentPerson(people.get(row.closedById)!) : null,
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
  }));
}

function presentMessage(message: SmsMessageRow, people: Map<string, PersonRow>) {
  return {
    _id: message.id,
    direction: message.direction,
    kind: message.kind,
    text: message.text,
    at: message.at.toISOString(),
    sentBy: message.sentById && people.has(message.sentById) ? presentPerson(people.get(message.sentById)!) : null,
  };
}
