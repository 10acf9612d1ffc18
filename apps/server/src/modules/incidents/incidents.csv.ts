import { INCIDENT_CSV_COLUMNS } from '@bantay/shared';
import type { IncidentRow } from '../../db/schema/index.ts';

/**
 * The archive's CSV (RFC 4180): every field quoted, quotes doubled, CRLF line ends, and a UTF-8
 * byte order mark so Excel reads Filipino names (Ñ, accents) right. A cell that a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe: reports are typed by
 * the public. Eighteen columns of plain text need no library.
 */

const BOM = '\uFEFF';

function cell(value: string | number | null): string {
  if (value === null) return '""';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** `2026-06-01 16:05` in the barangay's time zone. */
function localTime(date: Date | null, timeZone: string): string | null {
  if (!date) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

export interface CsvIncident {
  incident: IncidentRow;
  responderName: string | null;
}

export function incidentsCsv(rows: CsvIncident[], timeZone: string): string {
  const lines = [INCIDENT_CSV_COLUMNS.map(cell).join(',')];
  for (const { incident, responderName } of rows) {
    const values: (string | number | null)[] = [
      incident.ticket,
      incident.type,
      incident.classification,
      incident.status,
      localTime(incident.createdAt, timeZone),
      localTime(incident.occurredAt, timeZone),
      incident.description,
      incident.address,
      incident.landmark,
      incident.lat,
      incident.lng,
      incident.reporterName,
      incident.reporterPhone,
      responderName,
      localTime(incident.respondedAt, timeZone),
      localTime(incident.resolvedAt, timeZone),
      incident.resolutionLog,
      incident.closingReason,
    ];
    lines.push(values.map(cell).join(','));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
