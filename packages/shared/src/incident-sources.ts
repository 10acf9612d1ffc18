import { msg } from '@lingui/core/macro';
import { translatedLabels } from './i18n.ts';

/**
 * How a report came in: the web form, a text, or a missed call to the barangay's phone
 * (docs/decisions/032-the-text-line.md). Its own file, so the incident schemas and the text line's
 * (which uses the staff shapes) both import it without a cycle.
 */
export const INCIDENT_SOURCES = ['web', 'sms', 'missed_call'] as const;
export type IncidentSource = (typeof INCIDENT_SOURCES)[number];

export const INCIDENT_SOURCE_LABELS = translatedLabels<IncidentSource>({
  web: msg`Web`,
  sms: msg`Text message`,
  missed_call: msg`Missed call`,
});
