import { useState } from 'react';
import { LifeBuoy, Navigation } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AssistanceRequest } from '@bantay/shared';
import { directionsUrl } from '@/components/map/map-geometry.ts';
import { fullName } from '@/lib/full-name.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentIntlTag } from '@/lib/i18n.ts';
import { notify } from '@/lib/toast.ts';
import { assistanceSteps, useRefreshAssistance } from './assistance-api.ts';
import { AssistanceStatusBadge } from './AssistanceStatusBadge.tsx';
import { incidentTypeLabel } from '@bantay/shared';

const timeText = (iso: string) => new Date(iso).toLocaleTimeString(currentIntlTag(), { hour: 'numeric', minute: '2-digit' });

/** "For Theft · IR-…", the incident the call is about. */
function IncidentLine({ type, ticket }: { type: string; ticket: string }) {
  return (
    <p className="text-sm text-muted">
      <Trans>
        For {type} · <span className="font-mono">{ticket}</span>
      </Trans>
    </p>
  );
}

/**
 * The backup calls an admin dispatched this tanod to, on their own screen: where to go, and the
 * two steps that are theirs (on the way, done). Nothing shows when there is none.
 */
export function DispatchedBackupPanel({ requests }: { requests: AssistanceRequest[] }) {
  const { t } = useLingui();
  const refresh = useRefreshAssistance();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function run(request: AssistanceRequest, step: 'deployed' | 'complete') {
    setBusyId(request._id);
    try {
      await assistanceSteps[step](request._id);
      refresh();
      notify.success(step === 'deployed' ? t`Marked deployed: the requester and the admins are told.` : t`Backup completed. Thank you!`);
    } catch (failure) {
      notify.error(failure instanceof ApiError ? failure.message : t`That did not work. Please try again.`);
    } finally {
      setBusyId(null);
    }
  }

  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="dispatch-title" className="card border-2 border-amber-600 !p-0" data-testid="my-dispatches">
      <h2 id="dispatch-title" className="flex items-center gap-2 rounded-t-xl bg-amber-50 px-4 py-3 text-lg font-semibold text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
        <LifeBuoy className="h-5 w-5 shrink-0" aria-hidden="true" />
        <Trans>Backup you were sent to</Trans>
      </h2>
      <ul className="divide-y divide-line">
        {requests.map((request) => {
          const askedAt = timeText(request.createdAt);
          return (
            <li key={request._id} className="space-y-2 px-4 py-3" data-testid="dispatch-item">
              <div className="flex flex-wrap items-center gap-2">
                <AssistanceStatusBadge status={request.status} />
                <span className="font-semibold">
                  {fullName(request.requester)}
                </span>
                <span className="text-xs text-muted">
                  <Trans>asked at {askedAt}</Trans>
                </span>
              </div>
              <p className="text-sm text-ink-soft">{request.reason}</p>
              {request.incident && <IncidentLine type={incidentTypeLabel(request.incident.type)} ticket={request.incident.ticket} />}
              <div className="flex flex-wrap gap-2">
                <a className="btn btn-secondary" href={directionsUrl(request.location)} target="_blank" rel="noopener noreferrer">
                  <Navigation className="h-4 w-4" aria-hidden="true" />
                  <Trans>Directions</Trans>
                </a>
                {request.status === 'approved' && (
                  <button type="button" className="btn btn-primary" disabled={busyId === request._id} onClick={() => void run(request, 'deployed')}>
                    <Trans>Mark deployed</Trans>
                  </button>
                )}
                <button type="button" className="btn btn-secondary" disabled={busyId === request._id} onClick={() => void run(request, 'complete')}>
                  <Trans>Mark completed</Trans>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
