import { useState } from 'react';
import { LifeBuoy } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ASSISTANCE_LIMITS, type AssistanceRequest } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.tsx';
import { notify } from '@/lib/toast.ts';
import { assistanceSteps, decisionText, useAssistanceList, useRefreshAssistance } from './assistance-api.ts';
import { AssistanceStatusBadge } from './AssistanceStatusBadge.tsx';
import { currentPosition } from './current-position.ts';

/**
 * The reasons a tanod picks with one tap; anything else is typed. A tapped reason is sent in the
 * language on screen, as if typed.
 */
const QUICK_REASONS = [msg`Need more tanods`, msg`Medical help needed`, msg`Violent or armed person`, msg`Fire`];

interface RequestBackupButtonProps {
  /** The incident it is about (the active incident); omitted on the patrol map. */
  incident?: { _id: string; location: { lat: number; lng: number } };
  /** The last fix the patrol's tracking has, when the phone gives no fresh one in time. */
  fallbackPosition?: { lat: number; lng: number; accuracy?: number } | null;
}

/**
 * Request backup: sends the phone's position (or the incident's, when the phone
 * gives none) with a reason, then shows the request's status as admins decide, live.
 */
export function RequestBackupButton({ incident, fallbackPosition }: RequestBackupButtonProps) {
  const { t } = useLingui();
  const { user } = useSession();
  const refresh = useRefreshAssistance();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const list = useAssistanceList(incident ? { incidentId: incident._id } : { status: ['pending', 'approved', 'deployed'] }, Boolean(user));
  const mine = (list.data?.items ?? []).filter((request) => request.requester._id === user?._id);

  async function send(text: string) {
    const trimmed = text.trim();
    if (!trimmed) return setError(t`Reason is required`);
    setBusy(true);
    try {
      const position = (await currentPosition()) ?? fallbackPosition ?? incident?.location ?? null;
      if (!position) {
        setError(t`Your position is unknown: allow location access and try again.`);
        return;
      }
      await assistanceSteps.create({ incidentId: incident?._id, location: position, reason: trimmed });
      refresh();
      notify.success(t`Backup requested. Admins and nearby tanods are notified.`);
      setOpen(false);
      setReason('');
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields.find((f) => f.field === 'reason') : undefined;
      if (field) setError(field.message);
      else notify.error(failure instanceof ApiError ? failure.message : t`The request could not be sent. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  async function cancel(request: AssistanceRequest) {
    try {
      await assistanceSteps.cancel(request._id);
      refresh();
    } catch (failure) {
      notify.error(failure instanceof ApiError ? failure.message : t`The request could not be cancelled.`);
    }
  }

  return (
    <div className="space-y-2" data-testid="backup">
      <button type="button" className="btn w-full border border-amber-600 bg-amber-50 text-amber-900 hover:bg-amber-100 dark:bg-amber-950/40 dark:text-amber-200" onClick={() => setOpen(true)}>
        <LifeBuoy className="h-4 w-4" aria-hidden="true" />
        <Trans>Request backup</Trans>
      </button>
      {mine.length > 0 && (
        <ul className="space-y-2" aria-label={t`Your backup requests`}>
          {mine.map((request) => (
            <li key={request._id} className="rounded-lg border border-line p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <AssistanceStatusBadge status={request.status} label={request.status === 'pending' ? t`Waiting for an admin` : undefined} />
                {(request.status === 'pending' || request.status === 'approved') && (
                  <button type="button" className="btn btn-ghost !min-h-9 shrink-0 whitespace-nowrap !px-2 text-xs" onClick={() => void cancel(request)}>
                    <Trans>Cancel request</Trans>
                  </button>
                )}
              </div>
              <p className="mt-1 text-ink-soft">{request.reason}</p>
              {decisionText(request) && <p className="mt-1 text-muted">{decisionText(request)}</p>}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Modal title={t`Request backup`} onClose={() => setOpen(false)}>
          <p className="mb-3 text-sm text-muted">
            <Trans>Your current position is sent. Tap a reason, or write one.</Trans>
          </p>
          <div className="mb-4 grid grid-cols-2 gap-2">
            {QUICK_REASONS.map((descriptor) => {
              const quick = t(descriptor);
              return (
                <button key={quick} type="button" className="btn btn-secondary !justify-start !text-left" disabled={busy} onClick={() => void send(quick)}>
                  {quick}
                </button>
              );
            })}
          </div>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void send(reason);
            }}
          >
            <TextAreaField
              label={t`Other reason`}
              rows={2}
              value={reason}
              maxLength={ASSISTANCE_LIMITS.reasonMaxLength}
              error={error}
              onChange={(event) => {
                setReason(event.target.value);
                setError(undefined);
              }}
            />
            <div className="mt-4 flex justify-end gap-2">
              <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
                <Trans>Cancel</Trans>
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? t`Sending…` : t`Send request`}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
