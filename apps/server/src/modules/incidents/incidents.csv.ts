import { INCIDENT_CSV_COLUMNS } from '@bantay/shared';
import type { IncidentRow } from '../../db/schema/index.ts';
import { toCsv } from '../../lib/csv.ts';
import { formatInZone } from '../../lib/time-zone.ts';

/** `2026-06-01 16:05` in the barangay's time zone. */
function localTime(date: Date | null, timeZone: string): string | null {
  return date ? formatInZone(timeZone, date, 'yyyy-MM-dd HH:mm') : null;
}

export interface CsvIncident {
  incident: IncidentRow;
  responderName: string | null;
}

/** The archive's CSV, written by lib/csv.ts like every export (reports are typed by the public). */
export function incidentsCsv(rows: CsvIncident[], timeZone: string): string {
  return toCsv([
    INCIDENT_CSV_COLUMNS,
    ...rows.map(({ incident, responderName }) => [
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
    ]),
  ]);
}
