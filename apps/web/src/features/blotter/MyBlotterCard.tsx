import { useCallback, useEffect, useState } from 'react';
import { FileDown } from 'lucide-react';
import { BLOTTER_STATUS_LABELS, type MyBlotterEntry } from '@bantay/shared';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { DEFAULT_TIMEZONE, formatDate } from '@/lib/zoned-time.ts';
import { downloadCertifiedCopy, fetchMyEntries, requestCopy } from './my-blotter-api.ts';
import { errorText } from './blotter-format.ts';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: MyBlotterEntry[] };

function CopyAction({ entry, onChanged }: { entry: MyBlotterEntry; onChanged(): void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const request = entry.copyRequest;
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
          {busy ? 'Preparing the PDF…' : 'Download certified copy'}
        </button>
      ) : request?.status === 'pending' ? (
        <p className="text-sm text-muted">Your request for a certified copy is waiting for the barangay hall.</p>
      ) : (
        <>
          {request?.status === 'rejected' && <p className="text-sm text-danger">Your last request was declined{request.reason ? `: ${request.reason}` : '.'}</p>}
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run(() => requestCopy(entry._id), 'Requested. You will get a text once an admin approves it.')}>
            {busy ? 'Sending…' : request ? 'Ask again for a certified copy' : 'Request a certified copy'}
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
        Barangay blotter
      </h2>
      {state.status === 'error' ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <span className="flex-1">{state.message}</span>
          <button type="button" className="btn btn-secondary" onClick={load}>
            Try again
          </button>
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {state.items.map((entry) => (
            <li key={entry._id} className="py-3">
              <p className="font-medium">
                Entry <span className="font-mono">{entry.number}</span> · {entry.nature}
              </p>
              <p className="text-sm text-muted">
                {formatDate(entry.occurredAt, timeZone)} · {BLOTTER_STATUS_LABELS[entry.status]} · you are named as {entry.role}
              </p>
              <CopyAction entry={entry} onChanged={load} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
