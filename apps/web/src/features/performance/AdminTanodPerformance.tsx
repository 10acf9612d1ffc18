import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import type { TanodSummary } from '@bantay/shared';
import type { PeriodSelection } from './performance-format.ts';
import { ReportDialog } from './ReportDialog.tsx';
import { TanodPerformanceView } from './TanodPerformanceView.tsx';

interface AdminTanodPerformanceProps {
  tanod: TanodSummary;
  initial?: PeriodSelection;
}

/** Admin: one tanod's figures and charts (the tanod's own page's components), with their report. */
export function AdminTanodPerformance({ tanod, initial }: AdminTanodPerformanceProps) {
  const [report, setReport] = useState<PeriodSelection | null>(null);
  return (
    <>
      <TanodPerformanceView
        tanodId={tanod._id}
        initial={initial}
        renderActions={(selection) => (
          <button type="button" className="btn btn-secondary" onClick={() => setReport(selection)}>
            <FileDown className="h-4 w-4" aria-hidden="true" />
            <Trans>Report</Trans>
          </button>
        )}
      />
      {report && (
        <ReportDialog tanods={[tanod]} tanodId={tanod._id} selection={report} onClose={() => setReport(null)} />
      )}
    </>
  );
}
