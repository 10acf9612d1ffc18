import { t } from '@lingui/core/macro';
import type { CsvCell } from '../csv.ts';

/**
 * The report PDFs' tables (the resources audit report, the performance report): columns sized to
 * their content, numbers right-aligned, the header repeated on every page, one line per row.
 */

export type PdfTable = {
  title: string;
  header: string[];
  rows: CsvCell[][];
  /** Which columns hold figures (right-aligned, sized to fit); by default those whose every cell is a number. */
  numeric?: boolean[];
};

export const MARGIN = 40;
const ROW_HEIGHT = 15;
export const FONT_SIZE = 8.5;
export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const HEADER_FILL = '#eef2f7';

/** Shortens text with an ellipsis until it fits the width, so every row stays one line. */
export function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end -= 1;
  return `${text.slice(0, end)}…`;
}

const CELL_PADDING = 8;
/** A text column never asks for more than this before the extra space is shared out. */
const TEXT_COLUMN_CAP = 220;

function isNumericColumn(table: PdfTable, column: number): boolean {
  if (table.numeric) return table.numeric[column] ?? false;
  return table.rows.length > 0 && table.rows.every((row) => typeof row[column] === 'number' || row[column] === null);
}

/**
 * Columns as wide as their widest cell or header; leftover width goes to the text columns, and when
 * the page is too narrow the text columns give way (their cells end in an ellipsis).
 */
function columnWidths(doc: PDFKit.PDFDocument, table: PdfTable, width: number): number[] {
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

export function bottomLimit(doc: PDFKit.PDFDocument): number {
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

/** A titled table; `keepRows` rows at least stay on the title's page. */
export function drawTable(doc: PDFKit.PDFDocument, table: PdfTable, keepRows = 1): void {
  const width = doc.page.width - 2 * MARGIN;
  const widths = columnWidths(doc, table, width);
  const rightAligned = table.header.map((_, column) => isNumericColumn(table, column));
  // Keep the title with the header and at least one row.
  if (doc.y + 22 + (1 + keepRows) * ROW_HEIGHT > bottomLimit(doc)) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(table.title, MARGIN, doc.y, { lineBreak: false });
  doc.y += 16;
  drawRow(doc, table.header, widths, { bold: true, fill: HEADER_FILL, rightAligned });
  if (table.rows.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(FONT_SIZE)
      .fillColor(MUTED)
      .text(t`None in this period.`, MARGIN + 4, doc.y + 4, { lineBreak: false });
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
