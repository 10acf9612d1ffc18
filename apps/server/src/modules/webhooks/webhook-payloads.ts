import type { WebhookEvent } from '@bantay/shared';
import type { AdvisoryRow, AssistanceRequestRow, IncidentRow } from '../../db/schema/index.ts';

/**
 * The JSON bodies webhooks are sent: small and stable, documented in
 * docs/decisions/034-the-integration-kit.md. Ids, the ticket, type, status, times and place;
 * never a reporter's name, number or words (the description), which stay with staff.
 */

export interface WebhookBody {
  event: WebhookEvent | 'ping';
  /** When the cause happened (the report, the status change, the publication). */
  occurredAt: string;
  data: Record<string, unknown>;
}

export function incidentData(incident: IncidentRow): Record<string, unknown> {
  return {
    id: incident.id,
    ticket: incident.ticket,
    type: incident.type,
    classification: incident.classification,
    status: incident.status,
    source: incident.source,
    occurredAt: incident.occurredAt.toISOString(),
    reportedAt: incident.createdAt.toISOString(),
    updatedAt: incident.updatedAt.toISOString(),
    location: { lat: incident.lat, lng: incident.lng },
  };
}

export function assistanceData(request: AssistanceRequestRow, ticket: string | null): Record<string, unknown> {
  return {
    id: request.id,
    incidentId: request.incidentId,
    ticket,
    requesterId: request.requesterId,
    reason: request.reason,
    status: request.status,
    requestedAt: request.createdAt.toISOString(),
    location: { lat: request.lat, lng: request.lng },
  };
}

export function advisoryData(advisory: AdvisoryRow): Record<string, unknown> {
  return {
    id: advisory.id,
    title: advisory.title,
    body: advisory.body,
    severity: advisory.severity,
    startsAt: advisory.startsAt.toISOString(),
    endsAt: advisory.endsAt?.toISOString() ?? null,
    patrolAreaIds: advisory.patrolAreaIds,
  };
}

export interface MissedPatrol {
  id: string;
  scheduleId: string;
  tanodId: string;
  code: string;
}

export function missedPatrolData(absence: MissedPatrol): Record<string, unknown> {
  return { patrolId: absence.id, scheduleId: absence.scheduleId, scheduleCode: absence.code, tanodId: absence.tanodId };
}
