import { Suspense } from 'react';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { useSearchParams } from 'react-router';
import { Loading } from '@/components/Loading.tsx';
import { PublicShell } from '@/components/PublicShell.tsx';
import { EmergencyReport } from './EmergencyReport.tsx';
import { viewOf } from './report-rules.ts';

// The emergency screen is part of this chunk so it renders with no further round trip; the wizard
// (form library, map prefetch) and the lookup load only when asked for.
const ReportWizard = lazyWithRetry(() => import('./ReportWizard.tsx'));
const TicketLookup = lazyWithRetry(() => import('./TicketLookup.tsx'));

/** `/Reportincidents`: the report wizard, `?emergency=1` the emergency report, `?track=1` / `?ticket=` the lookup. */
export default function ReportIncidentsPage() {
  const [params] = useSearchParams();
  const view = viewOf(params);
  return (
    <PublicShell>
      {view === 'emergency' ? (
        <EmergencyReport />
      ) : (
        <Suspense fallback={<Loading fullArea label="Loading…" />}>
          {view === 'track' ? <TicketLookup /> : <ReportWizard />}
        </Suspense>
      )}
    </PublicShell>
  );
}
