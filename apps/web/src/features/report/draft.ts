import type { IncidentClassification, IncidentType, ReportLocation } from '@bantay/shared';
import type { ReportBody } from './report-api.ts';
import { localInputToDate } from './report-rules.ts';

/** What the wizard's fields hold; kept in one form across the steps, so going back loses nothing. */
export interface ReportDraft {
  type: string;
  classification: IncidentClassification;
  description: string;
  /** An `<input type="datetime-local">` value. */
  occurredAt: string;
  landmark: string;
  address: string;
  reporterName: string;
  reporterPhone: string;
}

export type DraftField = keyof ReportDraft;

/** Which step shows a field: server errors send the reporter back there. */
export const FIELD_STEP: Record<string, 'what' | 'where' | 'review'> = {
  type: 'what',
  classification: 'what',
  description: 'what',
  occurredAt: 'what',
  photoIds: 'what',
  photos: 'what',
  location: 'where',
  'location.lat': 'where',
  'location.lng': 'where',
  'location.accuracy': 'where',
  landmark: 'where',
  address: 'where',
  reporterName: 'review',
  reporterPhone: 'review',
};

/** The classification a type starts with (settings); the reporter may still change it. */
export function defaultClassification(
  types: readonly IncidentType[] | undefined,
  name: string,
): IncidentClassification {
  return types?.find((type) => type.name === name)?.classification ?? 'normal';
}

const optional = (value: string) => value.trim() || undefined;

/** The request body of `POST /api/public/incidents`, less the bot-check and device id. */
export function toReportBody(draft: ReportDraft, location: ReportLocation, photoIds: string[]): ReportBody {
  const occurredAt = localInputToDate(draft.occurredAt) ?? new Date();
  return {
    type: draft.type,
    classification: draft.classification,
    description: draft.description.trim(),
    occurredAt: occurredAt.toISOString(),
    location,
    landmark: optional(draft.landmark),
    address: optional(draft.address),
    reporterName: optional(draft.reporterName),
    reporterPhone: optional(draft.reporterPhone),
    photoIds,
  };
}
