import type { PerformanceList, PerformanceSeriesPoint, TanodPerformanceSummary } from '@bantay/shared';
import { drawBarChart, drawColumnChart, type Bar } from '../../lib/pdf/charts.ts';
import {
  createReportDocument,
  drawFooters,
  drawReportHeader,
  loadLogo,
  type PdfBarangay,
} from '../../lib/pdf/document.ts';
import { MARGIN, bottomLimit, drawTable } from '../../lib/pdf/tables.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import { percent, placeText, rankCell, tanodName } from './performance.presenter.ts';
import type { FileStore } from '../files/file-store.ts';

export interface PerformanceReport {
  barangay: PdfBarangay;
  list: PerformanceList;
  timeZone: string;
  generatedAt: Date;
  /** One tanod's days or weeks; null for the all-tanods report. */
  series: PerformanceSeriesPoint[] | null;
}

const TITLE = 'Tanod performance report';
/** The all-tanods charts show the best this many, so they stay on one page. */
const CHART_BARS = 15;

const shown = (value: number | null, unit = '') => (value === null ? '—' : `${value}${unit}`);

/** One bar chart per figure family, three to a row. */
function drawFamilyCharts(doc: PDFKit.PDFDocument, items: TanodPerformanceSummary[]): void {
  const top = items.slice(0, CHART_BARS);
  const bars = (value: (item: TanodPerformanceSummary) => number | null): Bar[] =>
    top.map((item) => ({ label: tanodName(item), value: value(item) ?? 0 }));
  const charts = [
    { title: 'Attendance rate', bars: bars((item) => percent(item.attendanceRate)), unit: '%', max: 100 },
    { title: 'Hours on patrol', bars: bars((item) => item.hoursPatrolled), unit: 'h' },
    { title: 'Distance patrolled', bars: bars((item) => item.distanceKm), unit: 'km' },
    { title: 'Incidents responded + resolved', bars: bars((item) => item.incidentsResponded + item.incidentsResolved) },
    { title: 'Average rating', bars: bars((item) => item.ratingAverage), max: 5 },
    { title: 'On-time equipment returns', bars: bars((item) => percent(item.onTimeReturnRate)), unit: '%', max: 100 },
  ];
  const gap = 18;
  const width = (doc.page.width - 2 * MARGIN - 2 * gap) / 3;
  const rowHeight = 15 + Math.max(1, top.length) * 13 + 14;
  if (items.length > CHART_BARS) {
    doc.font('Helvetica-Oblique').fontSize(8).fillColor('#6b7280');
    doc.text(
      `Charts show the ${CHART_BARS} best ranked of ${items.length} tanods; the tables list everyone.`,
      MARGIN,
      doc.y,
      { lineBreak: false },
    );
    doc.y += 14;
  }
  for (let index = 0; index < charts.length; index += 3) {
    if (doc.y + rowHeight > bottomLimit(doc)) doc.addPage();
    const y = doc.y;
    charts
      .slice(index, index + 3)
      .forEach((chart, column) => drawBarChart(doc, chart, MARGIN + column * (width + gap), y, width));
    doc.y = y + rowHeight;
  }
}

/** One tanod's figures over time and the spread of their ratings. */
function drawTanodCharts(
  doc: PDFKit.PDFDocument,
  item: TanodPerformanceSummary,
  series: PerformanceSeriesPoint[],
): void {
  const columns = (value: (point: PerformanceSeriesPoint) => number): Bar[] =>
    series.map((point) => ({ label: point.date, value: value(point) }));
  drawColumnChart(doc, { title: 'Hours on patrol', columns: columns((point) => point.hoursPatrolled), unit: 'h' });
  drawColumnChart(doc, { title: 'Incidents responded', columns: columns((point) => point.incidentsResponded) });
  drawColumnChart(doc, { title: 'Incidents resolved', columns: columns((point) => point.incidentsResolved) });
  const gap = 18;
  const width = (doc.page.width - 2 * MARGIN - gap) / 2;
  if (doc.y + 110 > bottomLimit(doc)) doc.addPage();
  const y = doc.y;
  const rates = [
    { label: 'Attendance', value: percent(item.attendanceRate) ?? 0 },
    { label: 'On time', value: percent(item.onTimeRate) ?? 0 },
    { label: 'On-time returns', value: percent(item.onTimeReturnRate) ?? 0 },
  ];
  const ratings = item.ratingDistribution.map((count, index) => ({
    label: `${index + 1} star${index ? 's' : ''}`,
    value: count,
  }));
  const left = drawBarChart(doc, { title: 'Rates', bars: rates, unit: '%', max: 100 }, MARGIN, y, width);
  const right = drawBarChart(doc, { title: 'Ratings received', bars: ratings }, MARGIN + width + gap, y, width);
  doc.y = y + Math.max(left, right) + 12;
}

function rankingTable(items: TanodPerformanceSummary[]) {
  return {
    title: 'Ranking',
    numeric: [false, false, true, true, true, true, true, true, true, true, true],
    header: [
      'Rank',
      'Tanod',
      'Score',
      'Attendance',
      'On time',
      'Hours',
      'Km',
      'Responded',
      'Resolved',
      'Rating',
      'Returns on time',
    ],
    rows: items.map((item) => [
      rankCell(item),
      tanodName(item),
      item.score,
      shown(percent(item.attendanceRate), '%'),
      shown(percent(item.onTimeRate), '%'),
      item.hoursPatrolled,
      item.distanceKm,
      item.incidentsResponded,
      item.incidentsResolved,
      shown(item.ratingAverage),
      shown(percent(item.onTimeReturnRate), '%'),
    ]),
  };
}

/** A tanod's every figure, in two one-row tables: duty, then service. */
function drawTanodTables(doc: PDFKit.PDFDocument, item: TanodPerformanceSummary): void {
  const place = placeText(item);
  drawTable(
    doc,
    {
      title: `${tanodName(item)} · score ${item.score}, ${place} · duty`,
      numeric: Array<boolean>(8).fill(true),
      header: [
        'Shifts',
        'Attended',
        'Attendance',
        'On time',
        'Avg late (min)',
        'Patrols done',
        'Hours',
        'Distance (km)',
      ],
      rows: [
        [
          item.scheduledShifts,
          item.attendedShifts,
          shown(percent(item.attendanceRate), '%'),
          shown(percent(item.onTimeRate), '%'),
          shown(item.averageLatenessMinutes),
          item.patrolsCompleted,
          item.hoursPatrolled,
          item.distanceKm,
        ],
      ],
    },
    3,
  );
  drawTable(doc, {
    title: `${tanodName(item)} · incidents, ratings and equipment`,
    numeric: Array<boolean>(9).fill(true),
    header: [
      'Responded',
      'Resolved',
      'Avg response (min)',
      'Avg resolution (min)',
      'Rating',
      'Ratings (1–5 stars)',
      'Loans due',
      'Returned on time',
      'Return rate',
    ],
    rows: [
      [
        item.incidentsResponded,
        item.incidentsResolved,
        shown(item.averageResponseMinutes),
        shown(item.averageResolutionMinutes),
        item.ratingAverage === null ? '—' : `${item.ratingAverage} (${item.ratingCount})`,
        item.ratingDistribution.join(' / '),
        item.loansDue,
        item.loansReturnedOnTime,
        shown(percent(item.onTimeReturnRate), '%'),
      ],
    ],
  });
}

/** The performance report as an A4 landscape PDF, encrypted when a password is given. */
export async function renderPerformancePdf(
  report: PerformanceReport,
  options: { files: FileStore; password?: string | undefined },
): Promise<Buffer> {
  const { period, items } = report.list;
  const logo = await loadLogo(options.files, report.barangay.logo);
  const { doc, bytes } = createReportDocument({
    title: `${TITLE} ${period.from} to ${period.to}`,
    author: report.barangay.name,
    createdAt: report.generatedAt,
    password: options.password,
  });
  const who =
    report.series && items[0] ? tanodName(items[0]) : `${items.length} active tanod${items.length === 1 ? '' : 's'}`;
  drawReportHeader(doc, report.barangay, logo, `${TITLE} · ${who}`, [
    `Period: ${period.label} (${period.from} to ${period.to}, ${report.timeZone})`,
    `Generated at ${formatInZone(report.timeZone, report.generatedAt)} (${report.timeZone})`,
  ]);
  if (report.series && items[0]) drawTanodCharts(doc, items[0], report.series);
  else drawFamilyCharts(doc, items);
  if (!report.series) drawTable(doc, rankingTable(items));
  for (const item of items) drawTanodTables(doc, item);
  drawFooters(doc, `${report.barangay.name} · ${TITLE} · ${period.from} to ${period.to}`);
  doc.end();
  return bytes;
}
