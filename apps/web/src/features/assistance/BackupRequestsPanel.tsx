import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ASSISTANCE_LIMITS, type AssistanceRequest, type AssistanceStatus, incidentTypeLabel } from '@bantay/shared';
import { ReasonDialog } from '@/components/ReasonDialog.tsx';
import { fullName } from '@/lib/full-name.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentIntlTag } from '@/lib/i18n.ts';
import { notify } from '@/lib/toast.ts';
import { ApproveDialog } from './ApproveDialog.tsx';
import { assistanceSteps, decisionText, useAssistanceList, useRefreshAssistance } from './assistance-api.ts';
import { AssistanceStatusBadge } from './AssistanceStatusBadge.tsx';

const OPEN: AssistanceStatus[] = ['pending', 'approved', 'deployed'];

const timeText = (iso: string) => new Date(iso).toLocaleString(currentIntlTag(), { dateStyle: 'medium', timeStyle: 'short' });

/** "For Theft · IR-…", the incident a request is about; its name opens it. */
function IncidentLink({ incident, onOpen }: { incident: NonNullable<AssistanceRequest['incident']>; onOpen?: (id: string) => void }) {
  const name = `${incidentTypeLabel(incident.type)} · ${incident.ticket}`;
  return (
    <p className="mt-1 text-sm">
      <Trans>
        For{' '}
        <button type="button" className="font-medium text-brand-600 underline" onClick={() => onOpen?.(incident._id)}>
          {name}
        </button>
      </Trans>
      {incident.classification === 'emergency' && (
        <span className="ml-1 font-semibold text-danger">
          <Trans>(emergency)</Trans>
        </span>
      )}
    </p>
  );
}

interface BackupRequestsPanelProps {
  /** Opens the incident a request is about (the page's drawer). */
  onOpenIncident?: (id: string) => void;
}

/** The admin's backup requests (docs/product.md §4.5): approve with dispatch, reject, deployed, completed. */
export function BackupRequestsPanel({ onOpenIncident }: BackupRequestsPanelProps) {
  const { t } = useLingui();
  const [showClosed, setShowClosed] = useState(false);
  const list = useAssistanceList(showClosed ? {} : { status: OPEN });
  const refresh = useRefreshAssistance();
  const [approving, setApproving] = useState<AssistanceRequest | null>(null);
  const [rejecting, setRejecting] = useState<AssistanceRequest | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function run(request: AssistanceRequest, step: 'deployed' | 'complete', done: string) {
    setBusyId(request._id);
    try {
      await assistanceSteps[step](request._id);
      refresh();
      notify.success(done);
    } catch (failure) {
      notify.error(failure instanceof ApiError ? failure.message : t`That did not work. Please try again.`);
    } finally {
      setBusyId(null);
    }
  }

  const items = list.data?.items ?? [];
  const rejectingName = rejecting?.requester.firstName ?? '';
  return (
    <section aria-labelledby="backup-title" className="card !p-0">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 id="backup-title" className="text-lg font-semibold">
          <Trans>Backup requests</Trans>
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="switch" checked={showClosed} onChange={(event) => setShowClosed(event.target.checked)} />
          <Trans>Show closed</Trans>
        </label>
      </header>
      {list.isLoading ? (
        <p className="px-4 py-6 text-sm text-muted">
          <Trans>Loading backup requests…</Trans>
        </p>
      ) : list.isError ? (
        <div role="alert" className="px-4 py-6 text-sm">
          <p className="mb-3">
            <Trans>The backup requests could not be loaded.</Trans>
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">{showClosed ? t`No backup requests yet.` : t`No open backup requests.`}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="backup-requests">
          {items.map((request) => (
            <li key={request._id} className={`px-4 py-3 ${request.status === 'pending' ? 'bg-amber-50 dark:bg-amber-950/30' : ''}`}>
              <div className="flex flex-wrap items-center gap-2">
                <AssistanceStatusBadge status={request.status} />
                <span className="font-semibold">
                  {fullName(request.requester)}
                </span>
                <span className="text-xs text-muted">{timeText(request.createdAt)}</span>
              </div>
              <p className="mt-1 text-sm text-ink-soft">{request.reason}</p>
              {request.incident && <IncidentLink incident={request.incident} onOpen={onOpenIncident} />}
              {decisionText(request) && <p className="mt-1 text-sm text-muted">{decisionText(request)}</p>}
              <div className="mt-2 flex flex-wrap gap-2">
                {request.status === 'pending' && (
                  <>
                    <button type="button" className="btn btn-primary" onClick={() => setApproving(request)}>
                      <Trans>Approve and dispatch</Trans>
                    </button>
                    <button type="button" className="btn btn-secondary" onClick={() => setRejecting(request)}>
                      <Trans>Reject</Trans>
                    </button>
                  </>
                )}
                {request.status === 'approved' && (
                  <button type="button" className="btn btn-secondary" disabled={busyId === request._id} onClick={() => void run(request, 'deployed', t`Marked deployed`)}>
                    <Trans>Mark deployed</Trans>
                  </button>
                )}
                {(request.status === 'approved' || request.status === 'deployed') && (
                  <button type="button" className="btn btn-secondary" disabled={busyId === request._id} onClick={() => void run(request, 'complete', t`Backup completed`)}>
                    <Trans>Mark completed</Trans>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {approving && <ApproveDialog request={approving} onClose={() => setApproving(null)} />}
      {rejecting && (
        <ReasonDialog
          title={t`Reject the backup request of ${rejectingName}`}
          description={t`The tanod sees the reason at once.`}
          confirmLabel={t`Reject request`}
          maxLength={ASSISTANCE_LIMITS.reasonMaxLength}
          onSubmit={async (reason) => {
            await assistanceSteps.reject(rejecting._id, reason);
            refresh();
            notify.success(t`Backup request rejected`);
          }}
          onClose={() => setRejecting(null)}
        />
      )}
    </section>
  );
}
