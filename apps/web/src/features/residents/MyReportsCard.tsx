import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ChevronRight, RefreshCw } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentStatus, MyReport } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { useMyReports } from '@/lib/my-reports.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { useResidentSession } from '@/lib/resident-session.ts';
import { incidentTypeLabel } from '@bantay/shared';
import { fullTime, reportedAgo, STATUS_LABELS, ticketPath } from './report-format.ts';

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind classes, not prose */
const STATUS_STYLES: Record<IncidentStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  in_progress: 'bg-blue-100 text-blue-900 dark:bg-blue-400/15 dark:text-blue-200',
  resolved: 'bg-green-100 text-green-900 dark:bg-green-400/15 dark:text-green-200',
  rejected: 'bg-surface-2 text-ink-soft',
  false_alarm: 'bg-surface-2 text-ink-soft',
};
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * The signed-in resident's reports on the landing page (docs/product.md §2: own report history): ticket,
 * type, status and time, each opening the ticket lookup of the report page.
 */
export function MyReportsCard({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { t } = useLingui();
  const session = useResidentSession();
  const { data: settings } = usePublicSettings();
  // Fetched again whenever the landing page opens, so a report made a moment ago is listed.
  const { state, reload } = useMyReports(session, { refresh: true });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [now] = useState(() => new Date());

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const reports = state?.reports ?? null;
  const loading = state === null || state.status === 'loading';

  return (
    <section aria-labelledby="my-reports-title" className="card" aria-busy={loading}>
      <div className="flex items-center gap-2">
        <h2 id="my-reports-title" ref={headingRef} tabIndex={-1} className="flex-1 text-lg font-semibold outline-none">
          <Trans>My reports</Trans>
        </h2>
        <button
          type="button"
          className="icon-btn -my-2 -mr-2"
          aria-label={t`Refresh my reports`}
          title={t`Refresh`}
          onClick={reload}
          disabled={loading}
        >
          <RefreshCw className={`h-5 w-5 ${loading && reports ? 'animate-spin' : ''}`} aria-hidden="true" />
        </button>
      </div>

      {state?.status === 'error' && (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
          <span className="flex-1">{state.message}</span>
          <button type="button" className="btn btn-secondary" onClick={reload}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}

      {reports === null ? (
        loading && (
          <div className="flex justify-center py-6">
            <Loading label={t`Loading your reports…`} />
          </div>
        )
      ) : reports.length === 0 ? (
        <div className="mt-3 rounded-lg bg-surface-2 px-4 py-5 text-center">
          <p className="font-medium">
            <Trans>You have not reported anything yet.</Trans>
          </p>
          <p className="mt-1 text-sm text-muted">
            <Trans>Reports you make while signed in are listed here with their status.</Trans>
          </p>
          <Link to="/Reportincidents" className="btn btn-primary mt-4">
            <Trans>Report an incident</Trans>
          </Link>
        </div>
      ) : (
        <ul className="-mx-2 mt-2 divide-y divide-line" aria-label={t`Your reports, newest first`}>
          {reports.map((report) => (
            <ReportRow key={report._id} report={report} now={now} timeZone={settings?.timezone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportRow({ report, now, timeZone }: { report: MyReport; now: Date; timeZone?: string }) {
  const { t } = useLingui();
  return (
    <li>
      <Link
        to={ticketPath(report.ticket)}
        className="flex min-h-16 items-center gap-3 rounded-lg px-2 py-3 hover:bg-surface-2"
      >
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-mono text-sm font-semibold text-ink">{report.ticket}</span>
            {report.classification === 'emergency' && (
              <span className="rounded bg-red-700 px-1.5 py-0.5 text-[0.7rem] font-bold uppercase tracking-wide text-white">
                <Trans>Emergency</Trans>
              </span>
            )}
          </p>
          <p className="mt-0.5 truncate text-sm text-ink-soft">{incidentTypeLabel(report.type)}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[report.status]}`}>
            {t(STATUS_LABELS[report.status])}
          </span>
          <time dateTime={report.reportedAt} title={fullTime(report.reportedAt, timeZone)} className="text-xs text-muted">
            {reportedAgo(report.reportedAt, now, timeZone)}
          </time>
        </div>
        <ChevronRight className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
      </Link>
    </li>
  );
}
