import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IncidentStatus } from '@bantay/shared';
import { currentLocale, translate, type Locale } from './i18n.ts';

const STATUS_WORDS: Record<IncidentStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  in_progress: msg`In progress`,
  resolved: msg`Resolved`,
  rejected: msg`Rejected`,
  false_alarm: msg`False alarm`,
};

/**
 * An incident status as people read it, in the language in use now unless named: the printed
 * incident report (modules/incident-evidence/incident-report-pdf.ts) and the ticket page without
 * JavaScript (modules/plain-pages/plain-ticket.view.ts) say it the same way.
 */
export function incidentStatusWord(status: IncidentStatus, locale: Locale = currentLocale()): string {
  return translate(STATUS_WORDS[status], locale);
}
