import { useState } from 'react';
import { Lock, LockOpen } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { IncidentDetail } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { incidentSteps, useApplyIncident } from './incidents-api.ts';

/**
 * The admin's switch for a confidential case (docs/decisions/027-confidential-cases.md), behind a
 * confirmation because either way it changes who can read the case.
 */
export function ConfidentialControl({ incident }: { incident: Pick<IncidentDetail, '_id' | 'ticket' | 'confidential'> }) {
  const { t } = useLingui();
  const apply = useApplyIncident();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const next = !incident.confidential;
  const { ticket } = incident;

  async function change() {
    setAsking(false);
    setBusy(true);
    try {
      apply(await incidentSteps.confidential(incident._id, next));
      notify.success(next ? t`${ticket} is now confidential` : t`${ticket} is no longer confidential`);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : t`The change could not be saved. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <p className="text-sm text-ink-soft">
        {incident.confidential
          ? t`Only admins and its responder see this case. It is left out of the heat map and the CSV export, and its ticket shows only the status.`
          : t`Every tanod on duty can see this case. Mark it confidential for violence against women or children, or any case that must stay private.`}
      </p>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setAsking(true)} data-testid="confidential-toggle">
        {next ? <Lock className="h-4 w-4" aria-hidden="true" /> : <LockOpen className="h-4 w-4" aria-hidden="true" />}
        {next ? t`Mark confidential` : t`Make not confidential`}
      </button>
      <ConfirmDialog
        open={asking}
        message={
          next
            ? t`Mark ${ticket} confidential? Only admins and its responder will see it, and every view is logged.`
            : t`Make ${ticket} not confidential? Tanods will see it in their lists again.`
        }
        confirmLabel={next ? t`Mark confidential` : t`Make not confidential`}
        onConfirm={() => void change()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
