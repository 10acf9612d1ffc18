import type { EvidencePhoto, IncidentDetail, IncidentEvent, IncidentPhoto, IncidentStatus, StaffPerson } from '@bantay/shared';
import { createReportDocument, drawFooters, drawReportHeader, loadLogo, type PdfBarangay } from '../../lib/pdf/document.ts';
import { drawPhotoGrid, type PdfPhoto } from '../../lib/pdf/photo-grid.ts';
import { drawParagraph, drawSectionTitle, drawWrappedTable } from '../../lib/pdf/wrapped-table.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import type { FileStore } from '../files/file-store.ts';

/**
 * The printable incident report (GET /api/incidents/{id}/report.pdf): an upright A4 record of what
 * the staff drawer shows — the facts, the reporter and the responder, the timeline, the staff notes
 * and the resolution log with their photos, and the reporter's photos.
 */

export interface IncidentReport {
  barangay: PdfBarangay;
  incident: IncidentDetail;
  timeZone: string;
  generatedAt: Date;
  generatedBy: string;
  /** JPEG bytes of every photo by id (null when its file is gone). */
  images: Map<string, Buffer | null>;
}

const STATUS: Record<IncidentStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  resolved: 'Resolved',
  rejected: 'Rejected',
  false_alarm: 'False alarm',
};

const name = (person: StaffPerson | null) => (person ? `${person.firstName} ${person.lastName}` : null);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The timeline's words for a step (the staff drawer's, apps/web/src/features/incidents/incident-format.ts). */
function stepText(event: IncidentEvent): string {
  const actor = name(event.actor);
  const subject = name(event.subject);
  const by = actor ? ` by ${actor}` : '';
  switch (event.kind) {
    case 'created':
      return 'Reported';
    case 'assigned':
      return `Assigned to ${subject ?? 'a tanod'}${by}`;
    case 'responded':
      return `${subject ?? actor ?? 'A tanod'} responded`;
    case 'note':
      return `Note${by}`;
    case 'assistance_requested':
      return `Backup requested${by}`;
    case 'assistance_decided':
      return `Backup request decided${by}`;
    case 'resolved':
      return `Resolved${by}`;
    case 'rejected':
      return `Rejected${by}`;
    case 'false_alarm':
      return `Marked a false alarm${by}`;
    case 'rated':
      return 'The reporter rated the responder';
    default:
      return `${event.kind.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase())}${by}`;
  }
}

function factsRows(incident: IncidentDetail, at: (iso: string) => string): string[][] {
  const { location } = incident;
  const accuracy = location.accuracy === null ? '' : ` (within ${Math.round(location.accuracy)} m)`;
  const rows: [string, string | null][] = [
    ['Ticket', incident.ticket],
    ['Type', `${incident.type} · ${incident.classification === 'emergency' ? 'Emergency' : 'Normal'}`],
    ['Status', STATUS[incident.status]],
    ['Happened', at(incident.occurredAt)],
    ['Reported', at(incident.reportedAt)],
    ['Location', `${location.lat.toFixed(6)}, ${location.lng.toFixed(6)}${accuracy}`],
    ['Address', incident.address],
    ['Landmark', incident.landmark],
    ['Description', incident.description || null],
    ['Possible duplicate of', incident.possibleDuplicateOf ? `${incident.possibleDuplicateOf.ticket} (${STATUS[incident.possibleDuplicateOf.status]})` : null],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

function peopleRows(incident: IncidentDetail, at: (iso: string) => string): string[][] {
  const reporter = [incident.reporter.name ?? 'Anonymous', incident.reporter.phoneNumber].filter(Boolean).join(' · ');
  const rows: [string, string | null][] = [
    ['Reporter', reporter],
    ['Responder', name(incident.responder) ?? 'No responder yet'],
    ['Responded', incident.respondedAt ? at(incident.respondedAt) : null],
    ['Resolved by', name(incident.resolvedBy)],
    ['Resolved', incident.resolvedAt ? at(incident.resolvedAt) : null],
    [incident.status === 'false_alarm' ? 'False alarm because' : 'Rejected because', incident.closingReason],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

function photosOf(photos: (IncidentPhoto | EvidencePhoto)[], images: Map<string, Buffer | null>, caption: (photo: IncidentPhoto | EvidencePhoto, index: number) => string): PdfPhoto[] {
  return photos.map((photo, index) => ({ image: images.get(photo._id) ?? null, caption: caption(photo, index) }));
}

function evidenceCaption(at: (iso: string) => string, total: number) {
  return (photo: IncidentPhoto | EvidencePhoto, index: number) => {
    const uploaded = 'uploadedAt' in photo ? `${name(photo.uploadedBy) ?? 'Staff'}, ${at(photo.uploadedAt)}` : '';
    return `Photo ${index + 1} of ${total}${uploaded ? ` · ${uploaded}` : ''}`;
  };
}

/** The staff notes in order, each with its text and photos; the timeline points here by number. */
function drawNotes(doc: PDFKit.PDFDocument, report: IncidentReport, notes: IncidentEvent[], at: (iso: string) => string): void {
  drawSectionTitle(doc, `Staff notes (${notes.length})`);
  if (notes.length === 0) drawParagraph(doc, 'No staff notes.', { muted: true, italic: true });
  notes.forEach((note, index) => {
    const photos = report.incident.evidence.filter((photo) => photo.eventId === note._id);
    drawParagraph(doc, `Note ${index + 1} · ${name(note.actor) ?? 'Staff'} · ${at(note.at)}${photos.length ? ` · ${plural(photos.length, 'photo')}` : ''}`, { muted: true });
    doc.y -= 3;
    drawParagraph(doc, note.detail ?? 'Photos only, without text.', { italic: !note.detail });
    if (photos.length > 0) drawPhotoGrid(doc, photosOf(photos, report.images, evidenceCaption(at, photos.length)));
  });
  doc.y += 8;
}

function drawResolution(doc: PDFKit.PDFDocument, report: IncidentReport, at: (iso: string) => string): void {
  const { incident } = report;
  const photos = incident.evidence.filter((photo) => photo.purpose === 'resolution');
  drawSectionTitle(doc, 'Resolution');
  if (incident.resolutionLog) {
    const by = [name(incident.resolvedBy), incident.resolvedAt ? at(incident.resolvedAt) : null].filter(Boolean).join(' · ');
    if (by) {
      drawParagraph(doc, `Resolved by ${by}`, { muted: true });
      doc.y -= 3;
    }
    drawParagraph(doc, incident.resolutionLog);
  } else {
    drawParagraph(doc, incident.status === 'in_progress' ? 'Not resolved yet.' : `Not resolved (${STATUS[incident.status].toLowerCase()}).`, { muted: true, italic: true });
  }
  if (photos.length > 0) drawPhotoGrid(doc, photosOf(photos, report.images, evidenceCaption(at, photos.length)));
  doc.y += 8;
}

export async function renderIncidentPdf(report: IncidentReport, files: FileStore): Promise<Buffer> {
  const { incident, timeZone } = report;
  const at = (iso: string) => formatInZone(timeZone, new Date(iso));
  const logo = await loadLogo(files, report.barangay.logo);
  const { doc, bytes } = createReportDocument({
    title: `Incident report ${incident.ticket}`,
    author: report.barangay.name,
    createdAt: report.generatedAt,
    layout: 'portrait',
  });
  drawReportHeader(doc, report.barangay, logo, `Incident report · ${incident.ticket}`, [
    `${incident.type} · ${incident.classification === 'emergency' ? 'Emergency' : 'Normal'} · ${STATUS[incident.status]}`,
    `Generated at ${formatInZone(timeZone, report.generatedAt)} (${timeZone}) by ${report.generatedBy}`,
  ]);
  drawWrappedTable(doc, { title: 'The incident', header: null, rows: factsRows(incident, at), weights: [1, 3.4], labelColumn: true });
  if (incident.photos.length > 0) {
    drawSectionTitle(doc, `Photos from the report (${incident.photos.length})`, 160);
    drawPhotoGrid(doc, photosOf(incident.photos, report.images, (_, index) => `Photo ${index + 1} of ${incident.photos.length} · from the reporter`));
    doc.y += 8;
  }
  drawWrappedTable(doc, { title: 'Reporter and responder', header: null, rows: peopleRows(incident, at), weights: [1, 3.4], labelColumn: true });

  const notes = incident.events.filter((event) => event.kind === 'note');
  drawWrappedTable(doc, {
    title: 'Timeline',
    header: ['When', 'Step', 'Detail'],
    weights: [1.25, 1.9, 3.2],
    rows: incident.events.map((event) => {
      let detail = event.detail ?? '';
      if (event.kind === 'note') detail = `Staff note ${notes.indexOf(event) + 1}, below`;
      if (event.kind === 'resolved') detail = 'The resolution log, below';
      return [at(event.at), stepText(event), detail];
    }),
  });
  drawNotes(doc, report, notes, at);
  drawResolution(doc, report, at);
  drawFooters(doc, `${report.barangay.name} · Incident report ${incident.ticket}`);
  doc.end();
  return bytes;
}
