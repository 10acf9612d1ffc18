import { t } from '@lingui/core/macro';
import type { CsvCell } from '../../lib/csv.ts';
import { createReportDocument, drawFooters, drawReportHeader, loadLogo } from '../../lib/pdf/document.ts';
import { drawTable } from '../../lib/pdf/tables.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import type { ResourceReport } from './resources-report.service.ts';
import { storedImageReader, type FileStore } from '../files/index.ts';

type Table = { title: string; header: string[]; rows: CsvCell[][] };

/** Renders the audit report as an A4 landscape PDF. */
export async function renderReportPdf(report: ResourceReport, tables: Table[], files: FileStore): Promise<Buffer> {
  const logo = await loadLogo(report.barangay.logo, storedImageReader(files));
  const { from, to, timeZone } = report;
  const barangay = report.barangay.name;
  const generated = formatInZone(timeZone, report.generatedAt, undefined, currentLocale());
  const { doc, bytes } = createReportDocument({
    title: t`Equipment and vehicle audit report ${from} to ${to}`,
    author: barangay,
    createdAt: report.generatedAt,
  });
  drawReportHeader(doc, report.barangay, logo, t`Equipment and vehicle audit report`, [
    t`Period: ${from} to ${to} (${timeZone})`,
    t`Generated at ${generated} (${timeZone})`,
  ]);
  for (const table of tables) drawTable(doc, table);
  drawFooters(doc, t`${barangay} · Equipment and vehicle audit report · ${from} to ${to}`);
  doc.end();
  return bytes;
}
