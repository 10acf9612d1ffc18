import { Suspense, useState } from 'react';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { useSearchParams } from 'wouter';
import { WifiOff } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Loading } from '@/components/Loading.tsx';
import { PublicShell } from '@/components/PublicShell.tsx';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';
import { EmergencyReport } from './EmergencyReport.tsx';
import { QueuedReportScreen, useQueuedReports } from './QueuedReportScreen.tsx';
import { viewOf } from './report-rules.ts';

// The emergency screen is part of this chunk so it renders with no further round trip; the wizard
// (form library, map prefetch) and the lookup load only when asked for.
const ReportWizard = lazyWithRetry(() => import('./ReportWizard.tsx'));
const TicketLookup = lazyWithRetry(() => import('./TicketLookup.tsx'));

/**
 * `/Reportincidents`: the report wizard, `?emergency=1` the emergency report, `?track=1` / `?ticket=`
 * the lookup. A report kept on this phone (waiting for a signal, or sent meanwhile and its ticket
 * not seen yet) comes first, whichever view was asked for, until the reporter moves on from it.
 */
export default function ReportIncidentsPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const view = viewOf(params);
  const { data: settings } = usePublicSettings();
  const queued = useQueuedReports();
  const [setAside, setSetAside] = useState<ReadonlySet<string>>(() => new Set());
  const first = queued.shown.find((item) => !setAside.has(item.clientId));
  const waitingAside = queued.shown.filter((item) => item.state === 'waiting' && setAside.has(item.clientId)).length;

  let content;
  const barangay = settings?.name ?? BRAND_NAME;
  if (!queued.ready) content = <Loading fullArea label={t`Loading…`} />;
  else if (first) {
    content = (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 dark:[color-scheme:dark]">
        <title>{first.state === 'sent' ? t`Report sent · ${barangay}` : t`Report waiting · ${barangay}`}</title>
        <QueuedReportScreen
          item={first}
          sending={queued.sending === first.clientId}
          settings={settings}
          onSetAside={() => setSetAside((current) => new Set([...current, first.clientId]))}
        />
      </div>
    );
  } else {
    content = (
      <>
        {waitingAside > 0 && (
          <p className="mx-auto mt-4 flex w-[calc(100%-2rem)] max-w-2xl items-center gap-2 rounded-lg bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="flex-1">
              <Plural
                value={waitingAside}
                one="A report is waiting on this phone for a signal."
                other="# reports are waiting on this phone for a signal."
              />
            </span>
            <button type="button" className="font-semibold underline" onClick={() => setSetAside(new Set())}>
              <Trans>Show</Trans>
            </button>
          </p>
        )}
        {view === 'emergency' ? (
          <EmergencyReport />
        ) : (
          <Suspense fallback={<Loading fullArea label={t`Loading…`} />}>{view === 'track' ? <TicketLookup /> : <ReportWizard />}</Suspense>
        )}
      </>
    );
  }
  return <PublicShell>{content}</PublicShell>;
}
