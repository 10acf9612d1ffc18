import { plural, t } from '@lingui/core/macro';
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
import { currentLocale } from '../../lib/i18n.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import { percent, placeText, rankCell, tanodName } from './performance.presenter.ts';
import { storedImageReader, type FileStore } from '../files/index.ts';

export interface PerformanceReport {
  barangay: PdfBarangay;
  list: PerformanceList;
  timeZone: string;
  generatedAt: Date;
  /** One tanod's days or weeks; null for the all-tanods report. */
  series: PerformanceSeriesPoint[] | null;
}

/** The all-tanods charts show the best this many, so they stay on one page. */
const CHART_BARS = 15;

const shown = (value: number | null, unit = '') => (value === null ? '—' : `${value}${unit}`);

/** One bar chart per figure family, three to a row. */
function drawFamilyCharts(doc: PDFKit.PDFDocument, items: TanodPerformanceSummary[]): void {
  const top = items.slice(0, CHART_BARS);
  const bars = (value: (item: TanodPerformanceSummary) => number | null): Bar[] =>
    top.map((item) => ({ label: tanodName(item), value: value(item) ?? 0 }));
  const charts = [
    { title: t`Attendance rate`, bars: bars((item) => percent(item.attendanceRate)), unit: '%', max: 100 },
    { title: t`Hours on patrol`, bars: bars((item) => item.hoursPatrolled), unit: 'h' },
    { title: t`Distance patrolled`, bars: bars((item) => item.distanceKm), unit: 'km' },
    { title: t`Incidents responded + resolved`, bars: bars((item) => item.incidentsResponded + item.incidentsResolved) },
    { title: t`Average rating`, bars: bars((item) => item.ratingAverage), max: 5 },
    { title: t`On-time equipment returns`, bars: bars((item) => percent(item.onTimeReturnRate)), unit: '%', max: 100 },
  ];
  const gap = 18;
  const width = (doc.page.width - 2 * MARGIN - 2 * gap) / 3;
  const rowHeight = 15 + Math.max(1, top.length) * 13 + 14;
  if (items.length > CHART_BARS) {
    doc.font('Helvetica-Oblique').fontSize(8).fillColor('#6b7280');
    const total = items.length;
    doc.text(
      t`Charts show the ${CHART_BARS} best ranked of ${total} tanods; the tables list everyone.`,
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
  drawColumnChart(doc, { title: t`Hours on patrol`, columns: columns((point) => point.hoursPatrolled), unit: 'h' });
  drawColumnChart(doc, { title: t`Incidents responded`, columns: columns((point) => point.incidentsResponded) });
  drawColumnChart(doc, { title: t`Incidents resolved`, columns: columns((point) => point.incidentsResolved) });
  const gap = 18;
  const width = (doc.page.width - 2 * MARGIN - gap) / 2;
  if (doc.y + 110 > bottomLimit(doc)) doc.addPage();
  const y = doc.y;
  const rates = [
    { label: t`Attendance`, value: percent(item.attendanceRate) ?? 0 },
    { label: t`On time`, value: percent(item.onTimeRate) ?? 0 },
    { label: t`On-time returns`, value: percent(item.onTimeReturnRate) ?? 0 },
  ];
  const ratings = item.ratingDistribution.map((count, index) => {
    const stars = index + 1;
    return { label: t`${plural(stars, { one: '# star', other: '# stars' })}`, value: count };
  });
  const left = drawBarChart(doc, { title: t`Rates`, bars: rates, unit: '%', max: 100 }, MARGIN, y, width);
  const right = drawBarChart(doc, { title: t`Ratings received`, bars: ratings }, MARGIN + width + gap, y, width);
  doc.y = y + Math.max(left, right) + 12;
}

function rankingTable(items: TanodPerformanceSummary[]) {
  return {
    title: t`Ranking`,
    numeric: [false, false, true, true, true, true, true, true, true, true, true],
    header: [
      t`Rank`,
      t`Tanod`,
      t`Score`,
      t`Attendance`,
      t`On time`,
      t`Hours`,
      t`Km`,
      t`Responded`,
      t`Resolved`,
      t`Rating`,
      t`Returns on time`,
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
  const name = tanodName(item);
  const score = item.score;
  drawTable(
    doc,
    {
      title: t`${name} · score ${score}, ${place} · duty`,
      numeric: Array<boolean>(8).fill(true),
      header: [
        t`Shifts`,
        t`Attended`,
        t`Attendance`,
        t`On time`,
        t`Avg late (min)`,
        t`Patrols done`,
        t`Hours`,
        t`Distance (km)`,
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
    title: t`${name} · incidents, ratings and equipment`,
    numeric: Array<boolean>(9).fill(true),
    header: [
      t`Responded`,
      t`Resolved`,
      t`Avg response (min)`,
      t`Avg resolution (min)`,
      t`Rating`,
      t`Ratings (1–5 stars)`,
      t`Loans due`,
      t`Returned on time`,
      t`Return rate`,
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
  const logo = await loadLogo(report.barangay.logo, storedImageReader(options.files));
  const { from, to, label } = period;
  const timeZone = report.timeZone;
  const { doc, bytes } = createReportDocument({
    title: t`Tanod performance report ${from} to ${to}`,
    author: report.barangay.name,
    createdAt: report.generatedAt,
    password: options.password,
  });
  const tanods = items.length;
  const who = report.series && items[0] ? tanodName(items[0]) : t`${plural(tanods, { one: '# active tanod', other: '# active tanods' })}`;
  const generated = formatInZone(timeZone, report.generatedAt, undefined, currentLocale());
  drawReportHeader(doc, report.barangay, logo, t`Tanod performance report · ${who}`, [
    t`Period: ${label} (${from} to ${to}, ${timeZone})`,
    t`Generated at ${generated} (${timeZone})`,
  ]);
  if (report.series && items[0]) drawTanodCharts(doc, items[0], report.series);
  else drawFamilyCharts(doc, items);
  if (!report.series) drawTable(doc, rankingTable(items));
  for (const item of items) drawTanodTables(doc, item);
  const barangay = report.barangay.name;
  drawFooters(doc, t`${barangay} · Tanod performance report · ${from} to ${to}`);
  doc.end();
  return bytes;
}
