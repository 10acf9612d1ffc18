import { useState, type ReactNode } from 'react';
import { FileDown, Lock, PencilLine, Unlock } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BlotterEntry, BlotterParty, CopyRequestStatus } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { notify } from '@/lib/toast.ts';
import { formatDateTime } from '@/lib/zoned-time.ts';
import { decideCopyRequest, downloadCertifiedCopy, setConfidential, useBlotterEntry, useRefreshBlotter } from './blotter-api.ts';
import { changeRows, errorText, partyText, statusText, STATUS_STYLES } from './blotter-format.ts';
import { AmendDialog } from './AmendDialog.tsx';
import { HearingsSection } from './HearingsSection.tsx';
import { PartyPhonesSection } from './PartyPhonesSection.tsx';
import { fullName } from '@/lib/full-name.ts';
import { incidentTypeLabel } from '@bantay/shared';

/** A request's state as the list shows it (the API's value, in words of the language on screen). */
const COPY_REQUEST_STATUS_LABELS: Record<CopyRequestStatus, MessageDescriptor> = {
  pending: msg`pending`,
  approved: msg`approved`,
  rejected: msg`rejected`,
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 border-t border-line pt-4">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {children}
    </section>
  );
}

function Parties({ parties, empty }: { parties: BlotterParty[]; empty: string }) {
  if (parties.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {parties.map((party, index) => (
        <li key={index}>{partyText(party)}</li>
      ))}
    </ul>
  );
}

export function StatusChip({ entry }: { entry: Pick<BlotterEntry, 'status' | 'referredTo'> }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[entry.status]}`}>{statusText(entry.status, entry.referredTo)}</span>;
}

function History({ entry, timeZone }: { entry: BlotterEntry; timeZone: string }) {
  const { t } = useLingui();
  const at = (iso: string) => formatDateTime(iso, timeZone);
  /** "Tue, Nov 25 · 5:00 PM by Juan Dela Cruz", or the time alone when nobody is named. */
  const when = (iso: string, person: Parameters<typeof fullName>[0]) => {
    const time = at(iso);
    const name = fullName(person);
    return name ? t`${time} by ${name}` : time;
  };
  return (
    <ol className="space-y-3 text-sm">
      <li className="rounded-lg bg-surface-2 p-3">
        <p className="font-medium">
          <Trans>Recorded</Trans>
        </p>
        <p className="text-muted">{when(entry.recordedAt, entry.recordedBy)}</p>
      </li>
      {entry.amendments.map((amendment) => {
        const sequence = amendment.sequence;
        return (
          <li key={amendment._id} className="rounded-lg border border-line p-3">
            <p className="font-medium">
              <Trans>Amendment {sequence}</Trans>
            </p>
            <p className="text-muted">{when(amendment.at, amendment.author)}</p>
            <p className="mt-1">
              <span className="text-muted">{t`Reason:`} </span>
              {amendment.reason}
            </p>
            <dl className="mt-2 space-y-1">
              {changeRows(amendment.before, amendment.after, at).map((row) => (
                <div key={row.field} className="break-words">
                  <dt className="inline font-medium">{row.field}: </dt>
                  <dd className="inline">
                    <del className="text-muted">{row.before}</del> → <ins className="no-underline">{row.after}</ins>
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}

function CopyRequests({ entry }: { entry: BlotterEntry }) {
  const { t } = useLingui();
  const refresh = useRefreshBlotter();
  const [refusing, setRefusing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const decide = (id: string, approve: boolean, why?: string) =>
    decideCopyRequest(id, approve, why)
      .then(() => {
        notify.success(approve ? t`Approved: the resident is texted and can download the copy` : t`Refused: the resident is texted the reason`);
        setRefusing(null);
        setReason('');
        void refresh();
      })
      .catch((failure: unknown) => notify.error(errorText(failure)));
  if (entry.copyRequests.length === 0) return null;
  return (
    <Section title={t`Requests for a certified copy`}>
      <ul className="space-y-2 text-sm">
        {entry.copyRequests.map((request) => (
          <li key={request._id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-3">
            <span className="flex-1">
              {fullName(request.requester) || t`A deleted account`} · <strong>{t(COPY_REQUEST_STATUS_LABELS[request.status])}</strong>
              {request.reason ? ` (${request.reason})` : ''}
            </span>
            {request.status === 'pending' &&
              (refusing === request._id ? (
                <form
                  className="flex w-full flex-wrap gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (reason.trim()) void decide(request._id, false, reason.trim());
                  }}
                >
                  <label className="flex-1">
                    <span className="sr-only">
                      <Trans>Reason for refusing</Trans>
                    </span>
                    <input className="input" placeholder={t`Reason for refusing`} value={reason} onChange={(event) => setReason(event.target.value)} required maxLength={1000} />
                  </label>
                  <button type="submit" className="btn btn-danger">
                    <Trans>Refuse</Trans>
                  </button>
                </form>
              ) : (
                <>
                  <button type="button" className="btn btn-primary" onClick={() => void decide(request._id, true)}>
                    <Trans>Approve</Trans>
                  </button>
                  <button type="button" className="btn btn-secondary" onClick={() => setRefusing(request._id)}>
                    <Trans>Refuse…</Trans>
                  </button>
                </>
              ))}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** One blotter entry beside the list: its values, history, hearings, requests; amend, print, confidential. */
export function EntryDrawer({ entryId, timeZone, onClose }: { entryId: string; timeZone: string; onClose(): void }) {
  const { t } = useLingui();
  const { data: entry, isPending, isError, error, refetch } = useBlotterEntry(entryId);
  const [dialog, setDialog] = useState<'amend' | 'confidential' | null>(null);
  const [printing, setPrinting] = useState(false);
  const refresh = useRefreshBlotter();

  const print = (current: BlotterEntry) => {
    setPrinting(true);
    downloadCertifiedCopy(current._id, current.number)
      .then((fileName) => notify.success(t`Downloaded ${fileName}`))
      .catch((failure: unknown) => notify.error(errorText(failure)))
      .finally(() => setPrinting(false));
  };

  const number = entry?.number ?? '';
  const ticket = entry?.incident?.ticket ?? '';
  const amendments = entry?.amendments.length ?? 0;
  return (
    <Modal title={entry ? t`Blotter entry ${number}` : t`Blotter entry`} onClose={onClose} placement="side" widthClass="max-w-2xl">
      {isPending ? (
        <p className="text-sm text-muted">
          <Trans>Loading the entry…</Trans>
        </p>
      ) : isError || !entry ? (
        <LoadFailed message={errorText(error)} onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-4" data-testid="blotter-entry">
          <div className="flex flex-wrap items-center gap-2">
            <StatusChip entry={entry} />
            {entry.confidential && (
              <span className="inline-flex items-center gap-1 rounded-full bg-danger/10 px-2.5 py-0.5 text-xs font-semibold text-danger">
                <Lock className="h-3 w-3" aria-hidden="true" />
                <Trans>Confidential</Trans>
              </span>
            )}
            {entry.incident && (
              <span className="text-sm text-muted">
                <Trans>From incident {ticket}</Trans>
              </span>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" onClick={() => print(entry)} disabled={printing} aria-busy={printing}>
              <FileDown className="h-4 w-4" aria-hidden="true" />
              {printing ? t`Preparing the PDF…` : t`Print certified copy`}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setDialog('amend')}>
              <PencilLine className="h-4 w-4" aria-hidden="true" />
              <Trans>Amend</Trans>
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setDialog('confidential')}>
              {entry.confidential ? <Unlock className="h-4 w-4" aria-hidden="true" /> : <Lock className="h-4 w-4" aria-hidden="true" />}
              {entry.confidential ? t`Lift confidential` : t`Mark confidential`}
            </button>
          </div>
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
            <dt className="text-muted">
              <Trans>Date and time</Trans>
            </dt>
            <dd>{formatDateTime(entry.occurredAt, timeZone)}</dd>
            <dt className="text-muted">
              <Trans>Place</Trans>
            </dt>
            <dd className="break-words">{entry.place}</dd>
            <dt className="text-muted">
              <Trans>Nature</Trans>
            </dt>
            <dd>{incidentTypeLabel(entry.nature)}</dd>
          </dl>
          <Section title={t`Complainants`}>
            <Parties parties={entry.complainants} empty={t`None named.`} />
          </Section>
          <Section title={t`Respondents`}>
            <Parties parties={entry.respondents} empty={t`None named.`} />
          </Section>
          <Section title={t`Narrative`}>
            <p className="whitespace-pre-wrap break-words text-sm">{entry.narrative}</p>
          </Section>
          <Section title={t`Action taken`}>
            <p className="whitespace-pre-wrap break-words text-sm">{entry.actionTaken}</p>
          </Section>
          <PartyPhonesSection entry={entry} />
          <HearingsSection entry={entry} timeZone={timeZone} />
          <CopyRequests entry={entry} />
          <Section title={t`History (${plural(amendments, { one: '# amendment', other: '# amendments' })})`}>
            <History entry={entry} timeZone={timeZone} />
          </Section>
          {dialog === 'amend' && <AmendDialog entry={entry} timeZone={timeZone} onClose={() => setDialog(null)} />}
          <ConfirmDialog
            open={dialog === 'confidential'}
            message={
              entry.confidential
                ? t`Lift confidentiality? Tanods who handled the incident will see the entry again, and views stop being logged.`
                : t`Mark this entry confidential? Only admins and the responder of the linked incident will see it, and every view is written to the audit log.`
            }
            confirmLabel={entry.confidential ? t`Lift` : t`Mark confidential`}
            onConfirm={() =>
              setConfidential(entry._id, !entry.confidential)
                .then(() => {
                  notify.success(entry.confidential ? t`No longer confidential` : t`Marked confidential`);
                  void refresh();
                })
                .catch((failure: unknown) => notify.error(errorText(failure)))
                .finally(() => setDialog(null))
            }
            onCancel={() => setDialog(null)}
          />
        </div>
      )}
    </Modal>
  );
}
