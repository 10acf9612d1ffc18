import { msg } from '@lingui/core/macro';
import type { IncidentClassification, IncidentStatus } from '@bantay/shared';
import { translate, type Locale } from '../../lib/i18n.ts';

/**
 * What the text line texts back (docs/decisions/032-the-text-line.md), in the sender's account
 * language, else Filipino. Each is written to fit one 160-character GSM-7 segment with a ticket and
 * a status link of a usual length (tickets and links are ASCII; the words avoid characters outside
 * GSM-7, such as curly quotes and dashes, which would halve a segment's length).
 */

export type Reply =
  | { kind: 'receipt'; ticket: string; link: string; classification: IncidentClassification }
  | { kind: 'missed_call_receipt'; ticket: string; link: string }
  | { kind: 'follow_up'; ticket: string }
  | { kind: 'acknowledged'; hotline: string | null }
  | { kind: 'acknowledged_no_home'; hotline: string | null }
  | { kind: 'ticketed_by_admin'; ticket: string; link: string }
  | { kind: 'status'; ticket: string; status: IncidentStatus; link: string }
  | { kind: 'unknown_ticket'; ticket: string }
  | { kind: 'stopped' }
  | { kind: 'started' };

export function replyText(reply: Reply, locale: Locale): string {
  switch (reply.kind) {
    case 'receipt': {
      const { ticket, link } = reply;
      return reply.classification === 'emergency'
        ? translate(msg`Bantay: EMERGENCY received, the tanods are alerted. Ticket ${ticket}. Status: ${link}`, locale)
        : translate(msg`Bantay: we received your report. Ticket ${ticket}. Status: ${link}`, locale);
    }
    case 'missed_call_receipt': {
      const { ticket, link } = reply;
      return translate(msg`Bantay: we got your missed call. A tanod will call you back. Ticket ${ticket}: ${link}`, locale);
    }
    case 'follow_up': {
      const { ticket } = reply;
      return translate(msg`Bantay: your text was added to ticket ${ticket}.`, locale);
    }
    case 'acknowledged':
    case 'acknowledged_no_home': {
      const { hotline } = reply;
      const lead =
        reply.kind === 'acknowledged'
          ? translate(msg`Bantay: we received your text. An officer will read it.`, locale)
          : translate(msg`Bantay: we received your text. An officer will read it. Add your home purok in Bantay so your texts become reports at once.`, locale);
      return hotline ? `${lead} ${translate(msg`Emergency? Call ${hotline}.`, locale)}` : lead;
    }
    case 'ticketed_by_admin': {
      const { ticket, link } = reply;
      return translate(msg`Bantay: the barangay made a report of your text. Ticket ${ticket}. Status: ${link}`, locale);
    }
    case 'status': {
      const { ticket, link } = reply;
      const status = statusWords(reply.status, locale);
      return translate(msg`Bantay ${ticket}: ${status}. ${link}`, locale);
    }
    case 'unknown_ticket': {
      const { ticket } = reply;
      return translate(msg`Bantay: no report has the ticket ${ticket}. Check the letters and numbers.`, locale);
    }
    case 'stopped':
      return translate(msg`Bantay: you will get no more texts from us. Text START to get them again.`, locale);
    case 'started':
      return translate(msg`Bantay: texts from us are on again. Text STOP to stop them.`, locale);
  }
}

function statusWords(status: IncidentStatus, locale: Locale): string {
  switch (status) {
    case 'pending':
      return translate(msg`waiting for a tanod`, locale);
    case 'in_progress':
      return translate(msg`a tanod is responding`, locale);
    case 'resolved':
      return translate(msg`resolved`, locale);
    case 'rejected':
      return translate(msg`closed, not acted on`, locale);
    case 'false_alarm':
      return translate(msg`closed as a false alarm`, locale);
  }
}

/**
 * The GSM 03.38 basic alphabet and its extension table (which costs two characters): a text in
 * it fits 160 characters a segment, any other character makes the whole text UCS-2 (70).
 */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENDED = new Set('^{}\\[~]|€');

/** The length of a text in GSM-7 characters, or null when it needs UCS-2. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.has(char)) length += 1;
    else if (GSM7_EXTENDED.has(char)) length += 2;
    else return null;
  }
  return length;
}
