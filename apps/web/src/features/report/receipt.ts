import type { IncidentClassification } from '@bantay/shared';
import { normalizeTicket } from '@bantay/shared/limits';
import { formatWhen } from './report-rules.ts';

/**
 * The small text receipt a reporter downloads after a report (docs/product.md §4.2), and the reverse: the
 * ticket read back out of an uploaded receipt on the lookup screen (docs/product.md §4.3). Plain text so that any
 * phone can open, share or print it.
 */

export interface ReceiptInput {
  barangayName: string;
  ticket: string;
  type: string;
  classification: IncidentClassification;
  /** When the server accepted the report. */
  reportedAt: Date;
  /** When it happened, as the reporter said (the wizard asks; the emergency screen does not). */
  occurredAt?: Date;
  /** The barangay's time zone (settings), so the time reads the same on every phone. */
  timeZone: string | undefined;
  /** The site's origin, e.g. `https://bantay.example.ph`. */
  origin: string;
}

export function trackPath(ticket: string): string {
  return `/Reportincidents?ticket=${encodeURIComponent(ticket)}`;
}

export function buildReceipt(input: ReceiptInput): string {
  const kind = input.classification === 'emergency' ? 'Emergency report' : 'Incident report';
  return [
    `${input.barangayName}: ${kind} receipt`,
    '',
    `Ticket: ${input.ticket}`,
    `Type: ${input.type}${input.classification === 'emergency' ? ' (emergency)' : ''}`,
    `Reported: ${formatWhen(input.reportedAt, input.timeZone)}${input.timeZone ? ` (${input.timeZone})` : ''}`,
    ...(input.occurredAt ? [`Happened: ${formatWhen(input.occurredAt, input.timeZone)}`] : []),
    '',
    'How to track your report:',
    `- Open ${input.origin}${trackPath(input.ticket)}`,
    `- or go to ${input.origin}/, choose "Track a ticket" and enter the ticket,`,
    '  or upload this file there.',
    '',
    'Anyone with this ticket can see the status of the report, but never your name or phone number.',
    '',
  ].join('\r\n');
}

/** A file name that is safe on every phone: `bantay-receipt-IR-7K3F-9QXM.txt`. */
export function receiptFileName(ticket: string): string {
  return `bantay-receipt-${ticket.replace(/[^A-Za-z0-9-]/g, '')}.txt`;
}

const LABELLED = /ticket\s*[:#]?\s*((?:IR|ER)[\s-]*[0-9A-Z]{4}[\s-]*[0-9A-Z]{4})/i;
const ANYWHERE = /\b((?:IR|ER)[\s-]*[0-9A-Z]{4}[\s-]*[0-9A-Z]{4})\b/gi;

/**
 * The ticket in a receipt (ours, or any text holding one): the value of a "Ticket:" line first,
 * else the first ticket-shaped word. Null when there is none.
 */
export function ticketFromReceipt(text: string): string | null {
  const labelled = LABELLED.exec(text);
  const fromLabel = labelled?.[1] ? normalizeTicket(labelled[1]) : null;
  if (fromLabel) return fromLabel;
  for (const match of text.matchAll(ANYWHERE)) {
    const ticket = match[1] ? normalizeTicket(match[1]) : null;
    if (ticket) return ticket;
  }
  return null;
}
