import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useTanods } from '@/lib/tanods.ts';
import { notify } from '@/lib/toast.ts';
import { stepErrorMessage } from './incident-format.ts';
import { incidentSteps, useApplyIncident } from './incidents-api.ts';
import { fullName } from '@/lib/full-name.ts';

/** The admin assigns a tanod (who is notified); the server refuses one who holds another incident. */
export function AssignControl({ incidentId, currentTanodId }: { incidentId: string; currentTanodId: string | null }) {
  const { t } = useLingui();
  const id = useId();
  const tanods = useTanods();
  const apply = useApplyIncident();
  const [tanodId, setTanodId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function assign() {
    if (!tanodId) return setError(t`Choose a tanod`);
    setBusy(true);
    try {
      const detail = await incidentSteps.assign(incidentId, tanodId);
      apply(detail);
      const name = detail.responder ? fullName(detail.responder) : null;
      notify.success(name ? t`Assigned to ${name}` : t`Assigned to the tanod`);
      setTanodId('');
    } catch (failure) {
      setError(stepErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        <Trans>Assign a tanod</Trans>
      </label>
      <div className="flex gap-2">
        <select
          id={id}
          className="input"
          value={tanodId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setTanodId(event.target.value);
            setError(undefined);
          }}
        >
          <option value="">{tanods.isLoading ? t`Loading tanods…` : t`Choose a tanod`}</option>
          {(tanods.data ?? [])
            .filter((tanod) => tanod._id !== currentTanodId)
            .map((tanod) => (
              <option key={tanod._id} value={tanod._id}>
                {fullName(tanod)}
                {tanod.isOnline ? ` ${t`(online)`}` : ''}
              </option>
            ))}
        </select>
        <button type="button" className="btn btn-primary shrink-0" disabled={busy} onClick={() => void assign()}>
          {busy ? t`Assigning…` : t`Assign`}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
