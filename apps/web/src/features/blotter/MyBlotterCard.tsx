import { useCallback, useEffect, useState } from 'react';
import { FileDown } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BLOTTER_STATUS_LABELS, incidentTypeLabel, type MyBlotterEntry } from '@bantay/shared';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { DEFAULT_TIMEZONE, formatDate } from '@/lib/zoned-time.ts';
import { downloadCertifiedCopy, fetchMyEntries, requestCopy } from './my-blotter-api.ts';
import { errorText } from './blotter-format.ts';

/** How the resident is named in the entry (the API's value, in words of the language on screen). */
const PARTY_ROLE_LABELS: Record<MyBlotterEntry['role'], MessageDescriptor> = {
  complainant: msg`complainant`,
  respondent: msg`respondent`,
};

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: MyBlotterEntry[] };

function CopyAction({ entry, onChanged }: { entry: MyBlotterEntry; onChanged(): void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const request = entry.copyRequest;
  const declined = request?.reason;
  const run = (work: () => Promise<unknown>, done: string | null) => {
    setBusy(true);
    setMessage(null);
    work()
      .then(() => {
        if (done) setMessage(done);
        onChanged();
      })
      .catch((failure: unknown) => setMessage(errorText(failure)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="mt-2 space-y-1">
      {request?.status === 'approved' ? (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run(() => downloadCertifiedCopy(entry._id, entry.number), null)}>
          <FileDown className="h-4 w-4" aria-hidden="true" />
          {busy ? t`Preparing the PDF…` : t`Download certified copy`}
        </button>
      ) : request?.status === 'pending' ? (
        <p className="text-sm text-muted">
          <Trans>Your request for a certified copy is waiting for the barangay hall.</Trans>
        </p>
      ) : (
        <>
          {request?.status === 'rejected' && <p className="text-sm text-danger">{declined ? t`Your last request was declined: ${declined}` : t`Your last request was declined.`}</p>}
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run(() => requestCopy(entry._id), t`Requested. You will get a text once an admin approves it.`)}>
            {busy ? t`Sending…` : request ? t`Ask again for a certified copy` : t`Request a certified copy`}
          </button>
        </>
      )}
      {message && (
        <p className="text-sm" role="status">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The signed-in resident's blotter entries (those naming their verified phone as a party): ask
 * for a certified copy, and download it once an admin approved it. Shown only when there are some.
 */
export default function MyBlotterCard() {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const timeZone = settings?.timezone ?? DEFAULT_TIMEZONE;
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(() => {
    fetchMyEntries()
      .then((items) => setState({ status: 'ready', items }))
      .catch((failure: unknown) => setState({ status: 'error', message: errorText(failure) }));
  }, []);
  useEffect(load, [load]);

  if (state.status === 'loading' || (state.status === 'ready' && state.items.length === 0)) return null;
  return (
    <section aria-labelledby="my-blotter-title" className="card" data-testid="my-blotter">
      <h2 id="my-blotter-title" className="text-lg font-semibold">
        <Trans>Barangay blotter</Trans>
      </h2>
      {state.status === 'error' ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <span className="flex-1">{state.message}</span>
          <button type="button" className="btn btn-secondary" onClick={load}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {state.items.map((entry) => {
            const { number } = entry;
            const nature = incidentTypeLabel(entry.nature);
            const date = formatDate(entry.occurredAt, timeZone);
            const status = BLOTTER_STATUS_LABELS[entry.status];
            const role = t(PARTY_ROLE_LABELS[entry.role]);
            return (
              <li key={entry._id} className="py-3">
                <p className="font-medium">
                  <Trans>
                    Entry <span className="font-mono">{number}</span> · {nature}
                  </Trans>
                </p>
                <p className="text-sm text-muted">
                  <Trans>
                    {date} · {status} · you are named as {role}
                  </Trans>
                </p>
                <CopyAction entry={entry} onChanged={load} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
