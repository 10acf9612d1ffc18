import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { BLOTTER_REFERRAL_LABELS, BLOTTER_STATUS_LABELS, HEARING_OUTCOME_LABELS, type BlotterEntry, type BlotterParty, type BlotterValues } from '@bantay/shared';
import { createReportDocument, drawFooters, drawReportHeader, loadLogo, type PdfBarangay } from '../../lib/pdf/document.ts';
import { INK, MARGIN, MUTED, bottomLimit } from '../../lib/pdf/tables.ts';
import { drawParagraph, drawSectionTitle, drawWrappedTable } from '../../lib/pdf/wrapped-table.ts';
import { currentLocale, translate } from '../../lib/i18n.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import { storedImageReader, type FileStore } from '../files/index.ts';

/**
 * The certified true copy of a blotter entry (GET /api/blotter/{id}/certified.pdf): the barangay's
 * header and logo, the entry as it stands, every amendment with its reason, author and time, the
 * hearings, the certification with the date issued, and the signature lines of the Barangay
 * Secretary and the Punong Barangay. Every page is numbered "Page n of m". Written in the request's
 * language, dates included (decision 029); what the entry says is printed as recorded.
 */

export interface CertifiedCopy {
  barangay: PdfBarangay;
  entry: BlotterEntry;
  timeZone: string;
  issuedAt: Date;
  issuedTo: string;
  officials: { punongBarangay: string | null; barangaySecretary: string | null };
}

const person = (p: { firstName: string; lastName: string } | null) => (p ? `${p.firstName} ${p.lastName}` : t`Staff`);

function statusWords(status: BlotterValues['status'] | undefined, referredTo: BlotterValues['referredTo'] | undefined): string {
  if (!status) return '';
  return status === 'referred' && referredTo ? `${BLOTTER_STATUS_LABELS[status]} (${BLOTTER_REFERRAL_LABELS[referredTo]})` : BLOTTER_STATUS_LABELS[status];
}

const partyLine = (party: BlotterParty) => [party.name, party.address, party.phone].filter(Boolean).join(', ');

const FIELD_LABELS: Record<keyof BlotterValues, MessageDescriptor> = {
  occurredAt: msg`Date and time`,
  place: msg`Place`,
  nature: msg`Nature`,
  complainants: msg`Complainants`,
  respondents: msg`Respondents`,
  narrative: msg`Narrative`,
  actionTaken: msg`Action taken`,
  status: msg`Status`,
  referredTo: msg`Referred to`,
};

/** `Status: from “Recorded” to “Referred”`, one line a field, for the amendments table. */
function changeLines(before: Partial<BlotterValues>, after: Partial<BlotterValues>, at: (iso: string) => string): string {
  const lines: string[] = [];
  const value = (values: Partial<BlotterValues>, key: keyof BlotterValues): string => {
    const raw = values[key];
    if (raw === undefined || raw === null) return '—';
    if (key === 'occurredAt') return at(raw as string);
    if (key === 'complainants' || key === 'respondents') return (raw as BlotterParty[]).map(partyLine).join('; ') || t`none`;
    if (key === 'referredTo') return BLOTTER_REFERRAL_LABELS[raw as NonNullable<BlotterValues['referredTo']>];
    if (key === 'status') return BLOTTER_STATUS_LABELS[raw as BlotterValues['status']];
    return String(raw);
  };
  for (const key of Object.keys(after) as (keyof BlotterValues)[]) {
    // Words rather than an arrow: the PDF's standard fonts (WinAnsi) have no arrow.
    const field = translate(FIELD_LABELS[key]);
    const from = value(before, key);
    const to = value(after, key);
    lines.push(t`${field}: from “${from}” to “${to}”`);
  }
  return lines.join('\n');
}

function drawSignatures(doc: PDFKit.PDFDocument, copy: CertifiedCopy): void {
  const height = 90;
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
  const width = (doc.page.width - 2 * MARGIN - 40) / 2;
  const top = doc.y + 40;
  const columns: [string | null, string][] = [
    [copy.officials.barangaySecretary, t`Barangay Secretary`],
    [copy.officials.punongBarangay, t`Punong Barangay`],
  ];
  columns.forEach(([name, role], index) => {
    const x = MARGIN + index * (width + 40);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK);
    if (name) doc.text(name.toUpperCase(), x, top, { width, align: 'center', lineBreak: false });
    doc
      .moveTo(x, top + 14)
      .lineTo(x + width, top + 14)
      .strokeColor(INK)
      .lineWidth(0.8)
      .stroke();
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(role, x, top + 18, { width, align: 'center', lineBreak: false });
  });
  doc.y = top + 40;
}

export async function renderCertifiedCopy(copy: CertifiedCopy, files: FileStore): Promise<Buffer> {
  const { entry, timeZone } = copy;
  const locale = currentLocale();
  const at = (iso: string) => formatInZone(timeZone, new Date(iso), undefined, locale);
  const issued = formatInZone(timeZone, copy.issuedAt, undefined, locale);
  const number = entry.number;
  const barangay = copy.barangay.name;
  const issuedTo = copy.issuedTo;
  const logo = await loadLogo(copy.barangay.logo, storedImageReader(files));
  const { doc, bytes } = createReportDocument({
    title: t`Certified true copy of blotter entry ${number}`,
    author: copy.barangay.name,
    createdAt: copy.issuedAt,
    layout: 'portrait',
  });
  const recorded = at(entry.recordedAt);
  const recorder = person(entry.recordedBy);
  const status = statusWords(entry.status, entry.referredTo);
  drawReportHeader(doc, copy.barangay, logo, t`Certified true copy · Blotter entry ${number}`, [
    t`Recorded ${recorded} by ${recorder} · ${status}`,
    t`Issued ${issued} (${timeZone}) to ${issuedTo}`,
  ]);

  const facts: [string, string | null][] = [
    [t`Entry number`, entry.number],
    [t`Date and time`, at(entry.occurredAt)],
    [t`Place`, entry.place],
    [t`Nature`, entry.nature],
    [t`Status`, status],
    [t`From incident report`, entry.incident?.ticket ?? null],
  ];
  drawWrappedTable(doc, {
    title: t`The entry`,
    header: null,
    rows: facts.filter((row): row is [string, string] => Boolean(row[1])),
    weights: [1, 3.4],
    labelColumn: true,
  });
  const parties = (list: BlotterParty[]) => list.map((party) => [party.name, party.address ?? '', party.phone ?? '']);
  const partyHeader = [t`Name`, t`Address`, t`Phone`];
  drawWrappedTable(doc, { title: t`Complainants`, header: partyHeader, rows: parties(entry.complainants), weights: [1.4, 2.4, 1] });
  drawWrappedTable(doc, { title: t`Respondents`, header: partyHeader, rows: parties(entry.respondents), weights: [1.4, 2.4, 1], empty: t`None named.` });
  drawSectionTitle(doc, t`Narrative`);
  drawParagraph(doc, entry.narrative);
  doc.y += 6;
  drawSectionTitle(doc, t`Action taken`);
  drawParagraph(doc, entry.actionTaken);
  doc.y += 6;
  const amendments = entry.amendments.length;
  const hearings = entry.hearings.length;
  drawWrappedTable(doc, {
    title: t`Amendments (${amendments})`,
    header: [t`No.`, t`When and by whom`, t`Reason`, t`Changes`],
    weights: [0.4, 1.4, 2, 2.8],
    empty: t`None: the entry stands as first recorded.`,
    rows: entry.amendments.map((amendment) => [
      String(amendment.sequence),
      `${at(amendment.at)}\n${person(amendment.author)}`,
      amendment.reason,
      changeLines(amendment.before, amendment.after, at),
    ]),
  });
  if (entry.hearings.length > 0) {
    drawWrappedTable(doc, {
      title: t`Lupon hearings (${hearings})`,
      header: [t`Scheduled`, t`Mediator`, t`Outcome`],
      weights: [1.2, 1.3, 3],
      rows: entry.hearings.map((hearing) => [
        at(hearing.scheduledAt),
        person(hearing.mediator),
        hearing.outcome ? `${HEARING_OUTCOME_LABELS[hearing.outcome]}${hearing.terms ? `: ${hearing.terms}` : ''}` : t`Not held yet`,
      ]),
    });
  }
  drawSectionTitle(doc, t`Certification`, 120);
  drawParagraph(
    doc,
    entry.amendments.length
      ? t`This is to certify that the above is a true and correct copy of entry ${number} of the barangay blotter of ${barangay}, with every amendment made to it. Issued on ${issued} to ${issuedTo}.`
      : t`This is to certify that the above is a true and correct copy of entry ${number} of the barangay blotter of ${barangay}, with every amendment made to it (none). Issued on ${issued} to ${issuedTo}.`,
  );
  drawSignatures(doc, copy);
  drawFooters(doc, t`${barangay} · Blotter entry ${number} · Certified true copy issued ${issued}`);
  doc.end();
  return bytes;
}
