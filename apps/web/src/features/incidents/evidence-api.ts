import type { EvidencePurpose, IncidentDetail } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { downloadFile } from '@/lib/download-file.ts';

/**
 * `POST /api/incidents/{id}/evidence`: photos from the scene on the staff notes (with the note's
 * text) or on the resolution log. Answers the incident's fresh detail, for useApplyIncident.
 */
export function uploadEvidence(incidentId: string, purpose: EvidencePurpose, files: File[], text?: string): Promise<IncidentDetail> {
  const form = new FormData();
  form.append('purpose', purpose);
  if (text) form.append('text', text);
  for (const file of files) form.append('photos', file, file.name);
  return api<IncidentDetail>(`/api/incidents/${encodeURIComponent(incidentId)}/evidence`, { method: 'POST', body: form });
}

/** `GET /api/incidents/{id}/report.pdf`, saved as the server names it (`incident-IR-….pdf`). */
export function downloadIncidentReport(incidentId: string, ticket: string): Promise<string> {
  return downloadFile(`/api/incidents/${encodeURIComponent(incidentId)}/report.pdf`, `incident-${ticket}.pdf`);
}
