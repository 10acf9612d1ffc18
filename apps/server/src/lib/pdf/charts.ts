import { t } from '@lingui/core/macro';
import { INK, MARGIN, MUTED, RULE, bottomLimit, fit } from './tables.ts';

/** Simple bar charts drawn with pdfkit's own lines and rectangles (no chart library in the PDF). */

export interface Bar {
  label: string;
  value: number;
}

const BAR_FILL = '#1e3a8a';
const BAR_HEIGHT = 9;
const BAR_GAP = 4;

function formatValue(value: number, unit: string): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
  return unit ? `${text} ${unit}` : text;
}

/**
 * A horizontal bar chart in a box `width` wide starting at `x`: one labelled bar per entry, its value
 * at the bar's end. `max` fixes the scale (e.g. 100 for percentages). Returns the height it took.
 */
export function drawBarChart(
  doc: PDFKit.PDFDocument,
  chart: { title: string; bars: Bar[]; unit?: string; max?: number },
  x: number,
  y: number,
  width: number,
): number {
  const unit = chart.unit ?? '';
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(INK).text(chart.title, x, y, { width, lineBreak: false });
  let top = y + 15;
  if (chart.bars.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(8).fillColor(MUTED).text(t`Nothing to chart.`, x, top, { lineBreak: false });
    return 15 + BAR_HEIGHT + BAR_GAP;
  }
  const labelWidth = Math.min(110, width * 0.35);
  const valueWidth = 48;
  const barSpace = width - labelWidth - valueWidth - 6;
  const max = chart.max ?? Math.max(...chart.bars.map((bar) => bar.value), 0);
  doc.font('Helvetica').fontSize(7.5);
  for (const bar of chart.bars) {
    doc
      .fillColor(INK)
      .text(fit(doc, bar.label, labelWidth - 4), x, top + 1, { width: labelWidth - 4, lineBreak: false });
    const length = max > 0 ? Math.max(0, Math.min(bar.value / max, 1)) * barSpace : 0;
    doc.rect(x + labelWidth, top, barSpace, BAR_HEIGHT).fill('#f3f4f6');
    if (length > 0) doc.rect(x + labelWidth, top, length, BAR_HEIGHT).fill(BAR_FILL);
    doc.fillColor(MUTED).text(formatValue(bar.value, unit), x + labelWidth + barSpace + 4, top + 1, {
      width: valueWidth,
      lineBreak: false,
    });
    top += BAR_HEIGHT + BAR_GAP;
  }
  return top - y;
}

/**
 * A column chart over time (the tanod's days or weeks): columns along a baseline, the peak value on
 * the axis, the first and last bucket labelled. Full content width; moves `doc.y` below it.
 */
export function drawColumnChart(
  doc: PDFKit.PDFDocument,
  chart: { title: string; columns: Bar[]; unit?: string },
): void {
  const height = 56;
  if (doc.y + height + 40 > bottomLimit(doc)) doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(INK).text(chart.title, MARGIN, top, { lineBreak: false });
  const plotTop = top + 16;
  const axisWidth = 40;
  const plotWidth = width - axisWidth;
  const max = Math.max(...chart.columns.map((column) => column.value), 0);
  doc.font('Helvetica').fontSize(7).fillColor(MUTED);
  doc.text(formatValue(max, chart.unit ?? ''), MARGIN, plotTop, {
    width: axisWidth - 4,
    align: 'right',
    lineBreak: false,
  });
  doc.text('0', MARGIN, plotTop + height - 8, { width: axisWidth - 4, align: 'right', lineBreak: false });
  const baseline = plotTop + height;
  doc
    .moveTo(MARGIN + axisWidth, baseline)
    .lineTo(MARGIN + width, baseline)
    .strokeColor(RULE)
    .lineWidth(0.75)
    .stroke();
  const slot = chart.columns.length > 0 ? plotWidth / chart.columns.length : plotWidth;
  chart.columns.forEach((column, index) => {
    const columnHeight = max > 0 ? (column.value / max) * height : 0;
    if (columnHeight > 0) {
      doc
        .rect(MARGIN + axisWidth + index * slot + slot * 0.15, baseline - columnHeight, slot * 0.7, columnHeight)
        .fill(BAR_FILL);
    }
  });
  const first = chart.columns[0];
  const last = chart.columns[chart.columns.length - 1];
  doc.font('Helvetica').fontSize(7).fillColor(MUTED);
  if (first) doc.text(first.label, MARGIN + axisWidth, baseline + 3, { lineBreak: false });
  if (last && last !== first)
    doc.text(last.label, MARGIN + axisWidth, baseline + 3, { width: plotWidth, align: 'right', lineBreak: false });
  doc.y = baseline + 18;
}
