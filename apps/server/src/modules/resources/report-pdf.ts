import type { CsvCell } from '../../lib/csv.ts';
import { createReportDocument, drawFooters, drawReportHeader, loadLogo } from '../../lib/pdf/document.ts';
import { drawTable } from '../../lib/pdf/tables.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import type { ResourceReport } from './report.service.ts';
import type { FileStore } from '../files/file-store.ts';

type Table = { title: string; header: string[]; rows: CsvCell[][] };

/** Renders the audit report as an A4 landscape PDF. */
export async function renderReportPdf(report: ResourceReport, tables: Table[], files: FileStore): Promise<Buffer> {
  const logo = await loadLogo(files, report.barangay.logo);
  const { doc, bytes } = createReportDocument({
    title: `Equipment and vehicle audit report ${report.from} to ${report.to}`,
    author: report.barangay.name,
    createdAt: report.generatedAt,
  });
  drawReportHeader(doc, report.barangay, logo, 'Equipment and vehicle audit report', [
    `Period: ${report.from} to ${report.to} (${report.timeZone})`,
    `Generated at ${formatInZone(report.timeZone, report.generatedAt)} (${report.timeZone})`,
  ]);
  for (const table of tables) drawTable(doc, table);
  drawFooters(doc, `${report.barangay.name} · Equipment and vehicle audit report · ${report.from} to ${report.to}`);
  doc.end();
  return bytes;
}
