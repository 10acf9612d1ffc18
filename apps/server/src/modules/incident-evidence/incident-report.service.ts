import type { AppDeps } from '../../deps.ts';
import { loadPdfPhoto } from '../../lib/pdf/photo-grid.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { auditConfidentialView, getIncident } from '../incidents/index.ts';
import { findPersonRows } from '../users/index.ts';
import { renderIncidentPdf } from './incident-report-pdf.ts';
import { readIncidentPhoto } from '../files/index.ts';

export interface IncidentReportFile {
  fileName: string;
  body: Buffer;
}

/**
 * `GET /api/incidents/{id}/report.pdf`: the incident as the caller may see it in the drawer, so the
 * read policy is the detail's (modules/incidents/incidents.policy.ts canSeeIncident: admins any incident, a tanod the
 * pending ones and those they handled; others 404). The file carries the reporter's name and
 * number, so every download is recorded in the audit log, as the performance report's are.
 */
export async function incidentReportPdf(deps: AppDeps, actor: Actor, id: string): Promise<IncidentReportFile> {
  const incident = await getIncident(deps, actor, id);
  const [settings, people] = await Promise.all([getPublicSettings(deps), findPersonRows(deps.db, [actor.id])]);
  const me = people.get(actor.id);
  const photoIds = [...incident.photos, ...incident.evidence].map((photo) => photo._id);
  const images = new Map(
    await Promise.all(photoIds.map(async (photoId) => [photoId, await loadPdfPhoto(await readIncidentPhoto(deps.files, photoId))] as const)),
  );
  const now = deps.clock.now();
  const body = await renderIncidentPdf(
    {
      barangay: { name: settings.name, abbreviation: settings.abbreviation, logo: settings.logo },
      incident,
      timeZone: settings.timezone,
      generatedAt: now,
      generatedBy: me ? `${me.firstName} ${me.lastName}` : 'staff',
      images,
    },
    deps.files,
  );
  await appendAuditEntry(deps.db, {
    actor,
    action: 'export',
    entity: 'incident',
    entityId: incident._id,
    after: { ticket: incident.ticket, format: 'pdf' },
    at: now,
  });
  await auditConfidentialView(deps.db, actor, { id: incident._id, ticket: incident.ticket, confidential: incident.confidential }, 'report.pdf', now);
  return { fileName: `incident-${incident.ticket}.pdf`, body };
}
