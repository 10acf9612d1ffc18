import { t } from '@lingui/core/macro';
import type { IncidentClassification } from '@bantay/shared';
import { normalizeTicket } from '@bantay/shared/limits';
import { formatWhen } from './report-rules.ts';
import { incidentTypeLabel } from '@bantay/shared';

/**
 * The small text receipt a reporter downloads after a report (docs/product.md §4.2), and the reverse: the
 * ticket read back out of an uploaded receipt on the lookup screen (docs/product.md §4.3). Plain text so that any
 * phone can open, share or print it, written in the language on screen when it was downloaded.
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

/** The receipt in the language on screen (docs/product.md §12): what the reporter reads and shares. */
export function buildReceipt(input: ReceiptInput): string {
  const { barangayName, ticket } = input;
  const emergency = input.classification === 'emergency';
  const type = incidentTypeLabel(input.type);
  const reported = formatWhen(input.reportedAt, input.timeZone);
  const happened = input.occurredAt ? formatWhen(input.occurredAt, input.timeZone) : null;
  const link = `${input.origin}${trackPath(ticket)}`;
  const site = `${input.origin}/`;
  // The landing page's button, in the same words as on screen.
  const trackLabel = t`Track a ticket`;
  return [
    emergency ? t`${barangayName}: Emergency report receipt` : t`${barangayName}: Incident report receipt`,
    '',
    t`Ticket: ${ticket}`,
    emergency ? t`Type: ${type} (emergency)` : t`Type: ${type}`,
    `${t`Reported: ${reported}`}${input.timeZone ? ` (${input.timeZone})` : ''}`,
    ...(happened ? [t`Happened: ${happened}`] : []),
    '',
    t`How to track your report:`,
    t`- Open ${link}`,
    t`- or go to ${site}, choose "${trackLabel}" and enter the ticket,`,
    `  ${t`or upload this file there.`}`,
    '',
    t`Anyone with this ticket can see the status of the report, but never your name or phone number.`,
    '',
  ].join('\r\n');
}

/** A file name that is safe on every phone: `bantay-receipt-IR-7K3F-9QXM.txt`. */
export function receiptFileName(ticket: string): string {
  return `bantay-receipt-${ticket.replace(/[^A-Za-z0-9-]/g, '')}.txt`;
}

// "Ticket:" in English, "Tiket:" in Filipino.
const LABELLED = /(?:ticket|tiket)\s*[:#]?\s*((?:IR|ER)[\s-]*[0-9A-Z]{4}[\s-]*[0-9A-Z]{4})/i;
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
