import fs from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { CsvCell } from '../../lib/csv.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import { AVATAR_URL_PREFIX, avatarFile } from '../files/avatar-storage.ts';
import type { ResourceReport } from './report.service.ts';
import { RESOURCE_PHOTO_URL_PREFIX, resourcePhotoFile } from './resource-photos.ts';

type Table = { title: string; header: string[]; rows: CsvCell[][] };

const MARGIN = 40;
const ROW_HEIGHT = 15;
const FONT_SIZE = 8.5;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const HEADER_FILL = '#eef2f7';

/** The barangay's logo as PNG bytes (pdfkit reads PNG and JPEG only), or null when there is none. */
async function loadLogo(dataDir: string, logo: string | null): Promise<Buffer | null> {
  if (!logo) return null;
  let bytes: Buffer | null = null;
  const dataUrl = /^data:image\/[a-z+]+;base64,(.+)$/i.exec(logo);
  if (dataUrl) bytes = Buffer.from(dataUrl[1]!, 'base64');
  const file = logo.startsWith(AVATAR_URL_PREFIX)
    ? avatarFile(dataDir, logo.slice(AVATAR_URL_PREFIX.length))
    : logo.startsWith(RESOURCE_PHOTO_URL_PREFIX)
      ? resourcePhotoFile(dataDir, logo.slice(RESOURCE_PHOTO_URL_PREFIX.length))
      : null;
  if (file) bytes = await fs.readFile(file).catch(() => null);
  if (!bytes) return null;
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 }).resize(256, 256, { fit: 'inside' }).png().toBuffer();
  } catch {
    return null;
  }
}

/** Shortens text with an ellipsis until it fits the width, so every row stays one line. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end -= 1;
  return `${text.slice(0, end)}…`;
}

function drawHeader(doc: PDFKit.PDFDocument, report: ResourceReport, logo: Buffer | null): void {
  const top = MARGIN;
  const size = 48;
  if (logo) {
    doc.image(logo, MARGIN, top, { fit: [size, size] });
  } else {
    // Without a logo, the barangay's abbreviation in a seal stands in for it.
    doc.circle(MARGIN + size / 2, top + size / 2, size / 2).fill('#1e3a8a');
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(11);
    doc.text(fit(doc, report.barangay.abbreviation, size - 6), MARGIN, top + size / 2 - 6, {
      width: size,
      align: 'center',
      lineBreak: false,
    });
  }
  const left = MARGIN + size + 14;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(report.barangay.name, left, top + 2, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text('Equipment and vehicle audit report', left, top + 22, { lineBreak: false });
  doc.fillColor(MUTED).fontSize(9);
  doc.text(`Period: ${report.from} to ${report.to} (${report.timeZone})`, left, top + 38, { lineBreak: false });
  doc.text(`Generated at ${formatInZone(report.timeZone, report.generatedAt)} (${report.timeZone})`, left, top + 50, {
    lineBreak: false,
  });
  doc
    .moveTo(MARGIN, top + 68)
    .lineTo(doc.page.width - MARGIN, top + 68)
    .strokeColor(RULE)
    .lineWidth(1)
    .stroke();
  doc.y = top + 80;
}

const CELL_PADDING = 8;
/** A text column never asks for more than this before the extra space is shared out. */
const TEXT_COLUMN_CAP = 220;

function isNumericColumn(table: Table, column: number): boolean {
  return table.rows.length > 0 && table.rows.every((row) => typeof row[column] === 'number' || row[column] === null);
}

/**
 * Columns as wide as their widest cell or header; leftover width goes to the text columns, and when
 * the page is too narrow the text columns give way (their cells end in an ellipsis).
 */
function columnWidths(doc: PDFKit.PDFDocument, table: Table, width: number): number[] {
  const numeric = table.header.map((_, column) => isNumericColumn(table, column));
  const needed = table.header.map((title, column) => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    let widest = doc.widthOfString(title);
    doc.font('Helvetica');
    for (const row of table.rows) widest = Math.max(widest, doc.widthOfString(String(row[column] ?? '')));
    return Math.min(widest, numeric[column] ? Infinity : TEXT_COLUMN_CAP) + CELL_PADDING + 2;
  });
  const total = needed.reduce((a, b) => a + b, 0);
  const textTotal = needed.reduce((sum, w, column) => sum + (numeric[column] ? 0 : w), 0);
  if (textTotal === 0) return needed.map((w) => (w / total) * width);
  const textScale = (width - (total - textTotal)) / textTotal;
  return needed.map((w, column) => (numeric[column] ? w : w * textScale));
}

function bottomLimit(doc: PDFKit.PDFDocument): number {
  return doc.page.height - MARGIN - 20;
}

function drawRow(
  doc: PDFKit.PDFDocument,
  cells: CsvCell[],
  widths: number[],
  options: { bold: boolean; fill?: string; rightAligned: boolean[] },
): void {
  const y = doc.y;
  const width = widths.reduce((a, b) => a + b, 0);
  if (options.fill) doc.rect(MARGIN, y, width, ROW_HEIGHT).fill(options.fill);
  doc
    .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(FONT_SIZE)
    .fillColor(INK);
  let x = MARGIN;
  cells.forEach((value, column) => {
    const cellWidth = widths[column]!;
    const text = value === null || value === undefined ? '' : String(value);
    const align = options.rightAligned[column] ? 'right' : 'left';
    doc.text(fit(doc, text, cellWidth - CELL_PADDING), x + CELL_PADDING / 2, y + 4, {
      width: cellWidth - CELL_PADDING,
      align,
      lineBreak: false,
    });
    x += cellWidth;
  });
  doc
    .moveTo(MARGIN, y + ROW_HEIGHT)
    .lineTo(MARGIN + width, y + ROW_HEIGHT)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  doc.y = y + ROW_HEIGHT;
}

function drawTable(doc: PDFKit.PDFDocument, table: Table): void {
  const width = doc.page.width - 2 * MARGIN;
  const widths = columnWidths(doc, table, width);
  const rightAligned = table.header.map((_, column) => isNumericColumn(table, column));
  // Keep the title with the header and at least one row.
  if (doc.y + 22 + 2 * ROW_HEIGHT > bottomLimit(doc)) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(table.title, MARGIN, doc.y, { lineBreak: false });
  doc.y += 16;
  drawRow(doc, table.header, widths, { bold: true, fill: HEADER_FILL, rightAligned });
  if (table.rows.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(FONT_SIZE)
      .fillColor(MUTED)
      .text('None in this period.', MARGIN + 4, doc.y + 4, { lineBreak: false });
    doc.y += ROW_HEIGHT;
  }
  for (const row of table.rows) {
    if (doc.y + ROW_HEIGHT > bottomLimit(doc)) {
      doc.addPage();
      drawRow(doc, table.header, widths, { bold: true, fill: HEADER_FILL, rightAligned });
    }
    drawRow(doc, row, widths, { bold: false, rightAligned });
  }
  doc.y += 14;
}

/** Page numbers and the report's name at the foot of every page, written once all pages exist. */
function drawFooters(doc: PDFKit.PDFDocument, report: ResourceReport): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    // Writing below the bottom margin would otherwise open a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 6;
    const width = doc.page.width - 2 * MARGIN;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(
      `${report.barangay.name} · Equipment and vehicle audit report · ${report.from} to ${report.to}`,
      MARGIN,
      y,
      { width, align: 'left', lineBreak: false },
    );
    doc.text(`Page ${index + 1} of ${range.count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** Renders the audit report as an A4 landscape PDF. */
export async function renderReportPdf(report: ResourceReport, tables: Table[], dataDir: string): Promise<Buffer> {
  const logo = await loadLogo(dataDir, report.barangay.logo);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Equipment and vehicle audit report ${report.from} to ${report.to}`,
      Author: report.barangay.name,
      Creator: 'Bantay',
      CreationDate: report.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawHeader(doc, report, logo);
  for (const table of tables) drawTable(doc, table);
  drawFooters(doc, report);
  doc.end();
  return finished;
}
