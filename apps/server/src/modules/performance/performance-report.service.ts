import { msg } from '@lingui/core/macro';
import type { performanceReportRequestSchema } from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import type { Actor } from '../../http/actor.ts';
import { verifySecret } from '../../lib/passwords.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { findUserById } from '../users/index.ts';
import { renderPerformancePdf } from './performance-report-pdf.ts';
import { canReportPerformance } from './performance.policy.ts';
import { CSV_HEADER, csvRow } from './performance.presenter.ts';
import { getTanodPerformance, rankTanods, resolvePeriod } from './performance.service.ts';

type ReportRequest = z.output<typeof performanceReportRequestSchema>;

export interface PerformanceReportFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

/** The admin re-enters their own password; a wrong one is refused before anything is read or written. */
async function checkPassword(deps: AppDeps, actor: Actor, password: string): Promise<void> {
  const user = await findUserById(deps.db, actor.id);
  if (!user?.passwordHash || !(await verifySecret(user.passwordHash, password))) {
    throw new AppError('wrong_password', msg`password: Your password is incorrect`, {
      fields: [{ field: 'password', message: msg`Your password is incorrect` }],
    });
  }
}

/**
 * `POST /api/performance/report` (admin/supadmin): one tanod or every active tanod, as CSV (one row
 * per tanod) or PDF (charts, a ranking and a table per tanod; encrypted with `pdfPassword`). The
 * download is recorded in the audit log (`performance.report`).
 */
export async function generatePerformanceReport(
  deps: AppDeps,
  actor: Actor,
  request: ReportRequest,
): Promise<PerformanceReportFile> {
  if (!canReportPerformance(actor)) throw forbidden();
  await checkPassword(deps, actor, request.password);
  const single = request.tanodId ? await getTanodPerformance(deps, actor, request.tanodId, request) : null;
  const list = single ? { period: single.period, items: [single] } : await rankTanods(deps, request);
  const { timeZone } = await resolvePeriod(deps, request);
  const settings = await getPublicSettings(deps);
  const now = deps.clock.now();
  const baseName = `performance-report-${list.period.from}-to-${list.period.to}`;
  const file: PerformanceReportFile =
    request.format === 'csv'
      ? {
          fileName: `${baseName}.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: toCsv([CSV_HEADER, ...list.items.map(csvRow)]),
        }
      : {
          fileName: `${baseName}.pdf`,
          contentType: 'application/pdf',
          body: await renderPerformancePdf(
            {
              barangay: { name: settings.name, abbreviation: settings.abbreviation, logo: settings.logo },
              list,
              timeZone,
              generatedAt: now,
              series: single?.series ?? null,
            },
            { files: deps.files, password: request.pdfPassword },
          ),
        };
  await appendAuditEntry(deps.db, {
    actor,
    action: 'export',
    entity: 'performance',
    entityId: request.tanodId ?? null,
    after: {
      format: request.format,
      period: list.period.kind,
      from: list.period.from,
      to: list.period.to,
      tanods: list.items.length,
      encrypted: request.format === 'pdf' && Boolean(request.pdfPassword),
    },
    at: now,
  });
  return file;
}
