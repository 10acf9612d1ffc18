import { plural, t } from '@lingui/core/macro';
import type { EvidencePhoto, IncidentDetail, IncidentEvent, IncidentPhoto, StaffPerson } from '@bantay/shared';
import { createReportDocument, drawFooters, drawReportHeader, loadLogo, type PdfBarangay } from '../../lib/pdf/document.ts';
import { drawPhotoGrid, type PdfPhoto } from '../../lib/pdf/photo-grid.ts';
import { drawParagraph, drawSectionTitle, drawWrappedTable } from '../../lib/pdf/wrapped-table.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import { incidentStatusWord } from '../../lib/incident-status.ts';
import { storedImageReader, type FileStore } from '../files/index.ts';

/**
 * The printable incident report (GET /api/incidents/{id}/report.pdf): an upright A4 record of what
 * the staff drawer shows — the facts, the reporter and the responder, the timeline, the staff notes
 * and the resolution log with their photos, and the reporter's photos. Written in the request's
 * language, dates included (decision 029); what people wrote is printed as written.
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

const classificationOf = (incident: IncidentDetail) => (incident.classification === 'emergency' ? t`Emergency` : t`Normal`);

const name = (person: StaffPerson | null) => (person ? `${person.firstName} ${person.lastName}` : null);

/** The timeline's words for a step (the staff drawer's, apps/web/src/features/incidents/incident-format.ts). */
function stepText(event: IncidentEvent): string {
  const actor = name(event.actor);
  const subject = name(event.subject);
  switch (event.kind) {
    case 'created':
      return t`Reported`;
    case 'assigned': {
      const tanod = subject ?? t`a tanod`;
      return actor ? t`Assigned to ${tanod} by ${actor}` : t`Assigned to ${tanod}`;
    }
    case 'responded': {
      const tanod = subject ?? actor ?? t`A tanod`;
      return t`${tanod} responded`;
    }
    case 'note':
      return actor ? t`Note by ${actor}` : t`Note`;
    case 'assistance_requested':
      return actor ? t`Backup requested by ${actor}` : t`Backup requested`;
    case 'assistance_decided':
      return actor ? t`Backup request decided by ${actor}` : t`Backup request decided`;
    case 'resolved':
      return actor ? t`Resolved by ${actor}` : t`Resolved`;
    case 'rejected':
      return actor ? t`Rejected by ${actor}` : t`Rejected`;
    case 'false_alarm':
      return actor ? t`Marked a false alarm by ${actor}` : t`Marked a false alarm`;
    case 'rated':
      return t`The reporter rated the responder`;
    default: {
      // A step this record does not know yet: its code in words, as the web's timeline does.
      const step = event.kind.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());
      return actor ? t`${step} by ${actor}` : step;
    }
  }
}

function factsRows(incident: IncidentDetail, at: (iso: string) => string): string[][] {
  const { location } = incident;
  const meters = location.accuracy === null ? null : Math.round(location.accuracy);
  const accuracy = meters === null ? '' : ` ${t`(within ${meters} m)`}`;
  const rows: [string, string | null][] = [
    [t`Ticket`, incident.ticket],
    [t`Type`, `${incident.type} · ${classificationOf(incident)}`],
    [t`Status`, incidentStatusWord(incident.status)],
    [t`Happened`, at(incident.occurredAt)],
    [t`Reported`, at(incident.reportedAt)],
    [t`Location`, `${location.lat.toFixed(6)}, ${location.lng.toFixed(6)}${accuracy}`],
    [t`Address`, incident.address],
    [t`Landmark`, incident.landmark],
    [t`Description`, incident.description || null],
    [t`Possible duplicate of`, incident.possibleDuplicateOf ? `${incident.possibleDuplicateOf.ticket} (${incidentStatusWord(incident.possibleDuplicateOf.status)})` : null],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

function peopleRows(incident: IncidentDetail, at: (iso: string) => string): string[][] {
  const reporter = [incident.reporter.name ?? t`Anonymous`, incident.reporter.phoneNumber].filter(Boolean).join(' · ');
  const rows: [string, string | null][] = [
    [t`Reporter`, reporter],
    [t`Responder`, name(incident.responder) ?? t`No responder yet`],
    [t`Responded`, incident.respondedAt ? at(incident.respondedAt) : null],
    [t`Resolved by`, name(incident.resolvedBy)],
    [t`Resolved`, incident.resolvedAt ? at(incident.resolvedAt) : null],
    [incident.status === 'false_alarm' ? t`False alarm because` : t`Rejected because`, incident.closingReason],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

function photosOf(photos: (IncidentPhoto | EvidencePhoto)[], images: Map<string, Buffer | null>, caption: (photo: IncidentPhoto | EvidencePhoto, index: number) => string): PdfPhoto[] {
  return photos.map((photo, index) => ({ image: images.get(photo._id) ?? null, caption: caption(photo, index) }));
}

function evidenceCaption(at: (iso: string) => string, total: number) {
  return (photo: IncidentPhoto | EvidencePhoto, index: number) => {
    const uploaded = 'uploadedAt' in photo ? `${name(photo.uploadedBy) ?? t`Staff`}, ${at(photo.uploadedAt)}` : '';
    const number = index + 1;
    const caption = t`Photo ${number} of ${total}`;
    return uploaded ? `${caption} · ${uploaded}` : caption;
  };
}

/** The staff notes in order, each with its text and photos; the timeline points here by number. */
function drawNotes(doc: PDFKit.PDFDocument, report: IncidentReport, notes: IncidentEvent[], at: (iso: string) => string): void {
  const count = notes.length;
  drawSectionTitle(doc, t`Staff notes (${count})`);
  if (notes.length === 0) drawParagraph(doc, t`No staff notes.`, { muted: true, italic: true });
  notes.forEach((note, index) => {
    const photos = report.incident.evidence.filter((photo) => photo.eventId === note._id);
    const number = index + 1;
    const author = name(note.actor) ?? t`Staff`;
    const when = at(note.at);
    const photoCount = photos.length;
    drawParagraph(
      doc,
      photoCount
        ? t`Note ${number} · ${author} · ${when} · ${plural(photoCount, { one: '# photo', other: '# photos' })}`
        : t`Note ${number} · ${author} · ${when}`,
      { muted: true },
    );
    doc.y -= 3;
    drawParagraph(doc, note.detail ?? t`Photos only, without text.`, { italic: !note.detail });
    if (photos.length > 0) drawPhotoGrid(doc, photosOf(photos, report.images, evidenceCaption(at, photos.length)));
  });
  doc.y += 8;
}

function drawResolution(doc: PDFKit.PDFDocument, report: IncidentReport, at: (iso: string) => string): void {
  const { incident } = report;
  const photos = incident.evidence.filter((photo) => photo.purpose === 'resolution');
  drawSectionTitle(doc, t`Resolution`);
  if (incident.resolutionLog) {
    const by = [name(incident.resolvedBy), incident.resolvedAt ? at(incident.resolvedAt) : null].filter(Boolean).join(' · ');
    if (by) {
      drawParagraph(doc, t`Resolved by ${by}`, { muted: true });
      doc.y -= 3;
    }
    drawParagraph(doc, incident.resolutionLog);
  } else {
    const status = incidentStatusWord(incident.status).toLowerCase();
    drawParagraph(doc, incident.status === 'in_progress' ? t`Not resolved yet.` : t`Not resolved (${status}).`, { muted: true, italic: true });
  }
  if (photos.length > 0) drawPhotoGrid(doc, photosOf(photos, report.images, evidenceCaption(at, photos.length)));
  doc.y += 8;
}

export async function renderIncidentPdf(report: IncidentReport, files: FileStore): Promise<Buffer> {
  const { incident, timeZone } = report;
  const locale = currentLocale();
  const at = (iso: string) => formatInZone(timeZone, new Date(iso), undefined, locale);
  const logo = await loadLogo(report.barangay.logo, storedImageReader(files));
  const ticket = incident.ticket;
  const { doc, bytes } = createReportDocument({
    title: t`Incident report ${ticket}`,
    author: report.barangay.name,
    createdAt: report.generatedAt,
    layout: 'portrait',
  });
  const generated = formatInZone(timeZone, report.generatedAt, undefined, locale);
  const generatedBy = report.generatedBy;
  drawReportHeader(doc, report.barangay, logo, t`Incident report · ${ticket}`, [
    `${incident.type} · ${classificationOf(incident)} · ${incidentStatusWord(incident.status)}`,
    t`Generated at ${generated} (${timeZone}) by ${generatedBy}`,
  ]);
  drawWrappedTable(doc, { title: t`The incident`, header: null, rows: factsRows(incident, at), weights: [1, 3.4], labelColumn: true });
  if (incident.photos.length > 0) {
    const total = incident.photos.length;
    drawSectionTitle(doc, t`Photos from the report (${total})`, 160);
    drawPhotoGrid(
      doc,
      photosOf(incident.photos, report.images, (_, index) => {
        const number = index + 1;
        return t`Photo ${number} of ${total} · from the reporter`;
      }),
    );
    doc.y += 8;
  }
  drawWrappedTable(doc, { title: t`Reporter and responder`, header: null, rows: peopleRows(incident, at), weights: [1, 3.4], labelColumn: true });

  const notes = incident.events.filter((event) => event.kind === 'note');
  drawWrappedTable(doc, {
    title: t`Timeline`,
    header: [t`When`, t`Step`, t`Detail`],
    weights: [1.25, 1.9, 3.2],
    rows: incident.events.map((event) => {
      let detail = event.detail ?? '';
      const number = notes.indexOf(event) + 1;
      if (event.kind === 'note') detail = t`Staff note ${number}, below`;
      if (event.kind === 'resolved') detail = t`The resolution log, below`;
      return [at(event.at), stepText(event), detail];
    }),
  });
  drawNotes(doc, report, notes, at);
  drawResolution(doc, report, at);
  const barangay = report.barangay.name;
  drawFooters(doc, t`${barangay} · Incident report ${ticket}`);
  doc.end();
  return bytes;
}
