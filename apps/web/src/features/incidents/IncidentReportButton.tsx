import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/toast.ts';
import { downloadIncidentReport } from './evidence-api.ts';
import { stepErrorMessage } from './incident-format.ts';

/** Downloads the printable incident report (`GET /api/incidents/{id}/report.pdf`). */
export function IncidentReportButton({ incidentId, ticket }: { incidentId: string; ticket: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-secondary"
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        downloadIncidentReport(incidentId, ticket)
          .then((fileName) => notify.success(t`Downloaded ${fileName}`))
          .catch((failure: unknown) => notify.error(stepErrorMessage(failure)))
          .finally(() => setBusy(false));
      }}
    >
      <FileDown className="h-4 w-4" aria-hidden="true" />
      {busy ? t`Preparing the PDF…` : t`Download PDF`}
    </button>
  );
}
