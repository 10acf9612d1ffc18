import { t } from '@lingui/core/macro';
import { FONT_SIZE, HEADER_FILL, INK, MARGIN, MUTED, RULE, bottomLimit } from './tables.ts';

/**
 * A table whose cells wrap onto as many lines as they need: for text that must be read whole
 * (a roster's members, an incident's notes), where tables.ts's one-line rows would cut it short.
 * The header repeats on every page and a row never splits across pages.
 */

export interface WrappedTable {
  title?: string;
  /** Null for a table without a header row (a list of facts). */
  header: string[] | null;
  rows: string[][];
  /** Relative widths of the columns; the table takes the page's width. */
  weights: number[];
  /** Sets the first column in bold (the labels of a list of facts). */
  labelColumn?: boolean;
  /** Said in place of the rows when there are none. */
  empty?: string;
  /**
   * Rows grouped by their first cell, which only the group's first row fills (a roster's day): a
   * darker rule opens each group, and a group that runs onto a new page repeats its label there.
   */
  grouped?: boolean;
}

const PADDING_X = 4;
const PADDING_Y = 3.5;
const LINE_GAP = 1;

function widthsOf(doc: PDFKit.PDFDocument, weights: number[]): number[] {
  const width = doc.page.width - 2 * MARGIN;
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => (weight / total) * width);
}

function rowHeight(doc: PDFKit.PDFDocument, cells: string[], widths: number[], bold: (column: number) => boolean): number {
  let tallest = 0;
  cells.forEach((text, column) => {
    doc.font(bold(column) ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    tallest = Math.max(tallest, doc.heightOfString(text || ' ', { width: widths[column]! - 2 * PADDING_X, lineGap: LINE_GAP }));
  });
  return tallest + 2 * PADDING_Y;
}

function drawRow(
  doc: PDFKit.PDFDocument,
  cells: string[],
  widths: number[],
  height: number,
  options: { fill?: string; bold: (column: number) => boolean; opensGroup?: boolean },
): void {
  const y = doc.y;
  const width = widths.reduce((a, b) => a + b, 0);
  if (options.fill) doc.rect(MARGIN, y, width, height).fill(options.fill);
  if (options.opensGroup) doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).strokeColor(MUTED).lineWidth(1).stroke();
  let x = MARGIN;
  cells.forEach((text, column) => {
    doc
      .font(options.bold(column) ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(FONT_SIZE)
      .fillColor(INK)
      .text(text, x + PADDING_X, y + PADDING_Y, { width: widths[column]! - 2 * PADDING_X, lineGap: LINE_GAP });
    x += widths[column]!;
  });
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + width, y + height)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  doc.y = y + height;
}

/** A section title that keeps at least `keep` points of what follows on its page. */
export function drawSectionTitle(doc: PDFKit.PDFDocument, title: string, keep = 40): void {
  if (doc.y + 18 + keep > bottomLimit(doc)) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(title, MARGIN, doc.y, { lineBreak: false });
  doc.y += 16;
}

export function drawWrappedTable(doc: PDFKit.PDFDocument, table: WrappedTable): void {
  const widths = widthsOf(doc, table.weights);
  const plain = (column: number) => (Boolean(table.labelColumn) || Boolean(table.grouped)) && column === 0;
  const headerBold = () => true;
  const headerHeight = table.header ? rowHeight(doc, table.header, widths, headerBold) : 0;
  const firstHeight = table.rows[0] ? rowHeight(doc, table.rows[0], widths, plain) : 16;
  if (table.title) drawSectionTitle(doc, table.title, headerHeight + firstHeight);
  else if (doc.y + headerHeight + firstHeight > bottomLimit(doc)) doc.addPage();
  if (table.header) drawRow(doc, table.header, widths, headerHeight, { fill: HEADER_FILL, bold: headerBold });
  if (table.rows.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(FONT_SIZE)
      .fillColor(MUTED)
      .text(table.empty ?? t`None.`, MARGIN + PADDING_X, doc.y + PADDING_Y, { lineBreak: false });
    doc.y += 16;
  }
  let group = '';
  table.rows.forEach((row, index) => {
    let cells = row;
    const opensGroup = Boolean(table.grouped) && row[0] !== '' && index > 0;
    if (table.grouped && row[0]) group = row[0];
    if (doc.y + rowHeight(doc, cells, widths, plain) > bottomLimit(doc)) {
      doc.addPage();
      if (table.header) drawRow(doc, table.header, widths, headerHeight, { fill: HEADER_FILL, bold: headerBold });
      if (table.grouped && !row[0]) cells = [t`${group} (cont.)`, ...row.slice(1)];
    }
    drawRow(doc, cells, widths, rowHeight(doc, cells, widths, plain), { bold: plain, opensGroup });
  });
  doc.y += 14;
}

/** A paragraph of wrapped text across the page, moved whole to the next page when it does not fit. */
export function drawParagraph(doc: PDFKit.PDFDocument, text: string, options: { muted?: boolean; italic?: boolean } = {}): void {
  const width = doc.page.width - 2 * MARGIN;
  const style = () =>
    doc
      .font(options.italic ? 'Helvetica-Oblique' : 'Helvetica')
      .fontSize(9)
      .fillColor(options.muted ? MUTED : INK);
  const height = style().heightOfString(text, { width, lineGap: LINE_GAP });
  if (doc.y + height > bottomLimit(doc) && height < bottomLimit(doc) - MARGIN) doc.addPage();
  // A new page starts with the default colour, so the style is set again after the break.
  style().text(text, MARGIN, doc.y, { width, lineGap: LINE_GAP });
  doc.y += 6;
}
