import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ASSISTANCE_AGENCIES, ASSISTANCE_LIMITS, type AssistanceAgency, type AssistanceRequest } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { fullName } from '@/lib/full-name.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useTanods } from '@/lib/tanods.ts';
import { notify } from '@/lib/toast.ts';
import { AGENCY_LABELS, assistanceSteps, useRefreshAssistance } from './assistance-api.ts';

/** Approve a backup request: tanods to dispatch (each is notified) and any outside agency called. */
export function ApproveDialog({ request, onClose }: { request: AssistanceRequest; onClose(): void }) {
  const { t } = useLingui();
  const refresh = useRefreshAssistance();
  const tanods = useTanods();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [agency, setAgency] = useState<AssistanceAgency | ''>('');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const candidates = (tanods.data ?? []).filter((tanod) => tanod._id !== request.requester._id);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await assistanceSteps.approve(request._id, {
        tanodIds: chosen.size > 0 ? [...chosen] : undefined,
        agency: agency ? { name: agency, reference: reference.trim() || undefined } : undefined,
      });
      refresh();
      notify.success(t`Backup approved`);
      onClose();
    } catch (failure) {
      notify.error(failure instanceof ApiError ? failure.message : t`The approval failed. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  const firstName = request.requester.firstName;
  return (
    <Modal title={t`Approve backup for ${firstName}`} onClose={onClose} widthClass="max-w-lg">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm text-ink-soft">{request.reason}</p>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">
            <Trans>Dispatch tanods</Trans>
          </legend>
          {tanods.isLoading ? (
            <p className="text-sm text-muted">
              <Trans>Loading tanods…</Trans>
            </p>
          ) : tanods.isError ? (
            <p className="text-sm text-danger">
              <Trans>The tanods could not be loaded.</Trans>
            </p>
          ) : candidates.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>No other tanods.</Trans>
            </p>
          ) : (
            <ul className="max-h-56 space-y-1 overflow-y-auto rounded-lg border border-line p-2">
              {candidates.map((tanod) => (
                <li key={tanod._id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-surface-2">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={chosen.has(tanod._id)}
                      onChange={(event) =>
                        setChosen((current) => {
                          const next = new Set(current);
                          if (event.target.checked) next.add(tanod._id);
                          else next.delete(tanod._id);
                          return next;
                        })
                      }
                    />
                    <span className="flex-1 text-sm">
                      {fullName(tanod)}
                    </span>
                    <span className={`text-xs ${tanod.isOnline ? 'text-success' : 'text-muted'}`}>{tanod.isOnline ? t`Online` : t`Offline`}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm font-medium">
            <Trans>Outside agency contacted</Trans>
            <select className="input mt-1.5" value={agency} onChange={(event) => setAgency(event.target.value as AssistanceAgency | '')}>
              <option value="">{t`None`}</option>
              {ASSISTANCE_AGENCIES.map((name) => (
                <option key={name} value={name}>
                  {t(AGENCY_LABELS[name])}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium">
            <Trans>Reference (optional)</Trans>
            <input
              className="input mt-1.5"
              value={reference}
              disabled={!agency}
              maxLength={ASSISTANCE_LIMITS.agencyReferenceMaxLength}
              onChange={(event) => setReference(event.target.value)}
            />
          </label>
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t`Approving…` : t`Approve`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
