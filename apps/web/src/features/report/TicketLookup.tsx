import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { FileText, RefreshCw, Search, Star } from 'lucide-react';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicTicket, PublicTimelineEntry } from '@bantay/shared';
import { normalizeTicket } from '@bantay/shared/limits';
import { TextField } from '@/components/form/TextField.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';
import { ticketFromReceipt } from './receipt.ts';
import { lookUpTicket } from './report-api.ts';
import { FocusHeading, STATUS_LABELS } from './report-parts.tsx';
import { formatWhen } from './report-rules.ts';
import { incidentTypeLabel } from '@bantay/shared';

type State =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'found'; result: PublicTicket } | { kind: 'error'; message: string };

/** A receipt is a few hundred bytes; anything much bigger is the wrong file. */
const RECEIPT_MAX_BYTES = 64 * 1024;
/** Why a lookup failed, in the language on screen (the server's own message is in it too). */
function lookupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return translate`Cannot reach the server. Check your connection and try again.`;
    if (error.status === 429) {
      const reason = error.message;
      return translate`${reason} You can look up a ticket again in a few minutes.`;
    }
    if (error.status === 404) return error.message || translate`No report has this ticket.`;
    if (error.status < 500) return error.message;
  }
  return translate`The ticket could not be looked up just now. Please try again.`;
}

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind classes, not prose */
const STATUS_TONE: Record<PublicTicket['status'], string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  in_progress: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-200',
  resolved: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200',
  rejected: 'bg-surface-2 text-ink-soft',
  false_alarm: 'bg-surface-2 text-ink-soft',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** A timeline line, read during render (the tanod's name and the staff's reason as written). */
function timelineText(entry: PublicTimelineEntry): string {
  const reason = entry.reason;
  switch (entry.kind) {
    case 'reported':
      return translate`Reported`;
    case 'responding': {
      const name = entry.tanodFirstName;
      return name ? translate`${name} is responding` : translate`A tanod is responding`;
    }
    case 'requeued':
      return translate`Back in the queue, waiting for another tanod`;
    case 'resolved':
      return translate`Resolved`;
    case 'rejected':
      return reason ? translate`Rejected: ${reason}` : translate`Rejected`;
    case 'false_alarm':
      return reason ? translate`Marked as a false alarm: ${reason}` : translate`Marked as a false alarm`;
    case 'rated':
      return translate`The reporter rated the response`;
  }
}

function Result({
  result,
  timeZone,
  onRefresh,
  refreshing,
}: {
  result: PublicTicket;
  timeZone: string | undefined;
  onRefresh(): void;
  refreshing: boolean;
}) {
  const { t } = useLingui();
  const { location } = result;
  const place = [location.address, location.landmark].filter(Boolean).join(' · ');
  const status = t(STATUS_LABELS[result.status]);
  const approximate = location.approximate;
  const lat = approximate?.lat.toFixed(3);
  const lng = approximate?.lng.toFixed(3);
  const name = result.responderFirstName;
  return (
    <section className="card flex flex-col gap-4 p-4 sm:p-5" aria-labelledby="ticket-result">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <FocusHeading focusOnMount className="font-mono text-2xl tracking-wider">
          <span id="ticket-result">{result.ticket}</span>
        </FocusHeading>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONE[result.status]}`}
          data-testid="ticket-status"
        >
          {status}
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium text-muted">
          <Trans>Type</Trans>
        </dt>
        <dd className="-mt-1.5 sm:mt-0">{incidentTypeLabel(result.type)}</dd>
        <dt className="font-medium text-muted">
          <Trans>Urgency</Trans>
        </dt>
        <dd className="-mt-1.5 sm:mt-0">
          {result.classification === 'emergency' ? (
            <strong className="text-danger">
              <Trans>Emergency</Trans>
            </strong>
          ) : (
            t`Normal`
          )}
        </dd>
        <dt className="font-medium text-muted">
          <Trans>Status</Trans>
        </dt>
        <dd className="-mt-1.5 sm:mt-0">{status}</dd>
        <dt className="font-medium text-muted">
          <Trans>Reported</Trans>
        </dt>
        <dd className="-mt-1.5 sm:mt-0">{formatWhen(result.reportedAt, timeZone)}</dd>
        <dt className="font-medium text-muted">
          <Trans>Location</Trans>
        </dt>
        <dd className="-mt-1.5 break-words sm:mt-0">
          {place || (approximate ? t`Near ${lat}, ${lng} (approximate)` : t`Not shown`)}
        </dd>
      </dl>
      {result.confidential && (
        <p className="rounded-lg border border-line bg-surface-2 p-3 text-sm" data-testid="ticket-confidential">
          <Trans>
            This report is kept confidential. Only its status is shown here; the barangay's staff who handle it have the details.
          </Trans>
        </p>
      )}
      <div>
        <h3 className="mb-2 font-semibold">
          <Trans>Timeline</Trans>
        </h3>
        <ol className="flex flex-col gap-0">
          {result.timeline.map((entry, index) => (
            <li key={`${entry.kind}-${entry.at}-${index}`} className="relative flex gap-3 pb-4 last:pb-0">
              <span className="relative flex w-3 justify-center" aria-hidden="true">
                <span className="mt-1.5 h-3 w-3 rounded-full bg-brand-600" />
                {index < result.timeline.length - 1 && (
                  <span className="absolute top-5 bottom-[-0.25rem] w-0.5 bg-line" />
                )}
              </span>
              <div className="min-w-0">
                <p className="font-medium break-words">{timelineText(entry)}</p>
                <p className="text-sm text-muted">{formatWhen(entry.at, timeZone)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {result.canRate && (
          <Link to={`/Tanodevaluation?ticket=${encodeURIComponent(result.ticket)}`} className="btn btn-primary">
            <Star className="h-4 w-4" aria-hidden="true" /> {name ? t`Rate ${name}` : t`Rate the tanod`}
          </Link>
        )}
        <button type="button" className="btn btn-secondary" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> {refreshing ? t`Checking…` : t`Check again`}
        </button>
      </div>
    </section>
  );
}

/**
 * `/Reportincidents?track=1`, or `?ticket=IR-…` (the residents' "My reports" links here): the
 * public status of one report, from the ticket typed or read out of the receipt.
 */
export default function TicketLookup() {
  const { t } = useLingui();
  const id = useId();
  const { data: settings } = usePublicSettings();
  const [params, setParams] = useSearchParams();
  const [initialTicket] = useState(() => normalizeTicket(params.get('ticket') ?? ''));
  const [input, setInput] = useState(params.get('ticket') ?? '');
  const [state, setState] = useState<State>(() => (initialTicket ? { kind: 'loading' } : { kind: 'idle' }));
  const [found, setFound] = useState<PublicTicket | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);

  function fetchTicket(ticket: string) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    lookUpTicket(ticket, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setFound(result);
        setState({ kind: 'found', result });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFound(null);
        setState({ kind: 'error', message: lookupErrorMessage(error) });
      },
    );
  }

  // `?ticket=` opens with the ticket filled in and looked up. Only once: later lookups update the
  // address themselves.
  useEffect(() => {
    if (initialTicket) fetchTicket(initialTicket);
    return () => request.current?.abort();
  }, [initialTicket]);

  function lookUp(raw: string) {
    setFileError(null);
    const ticket = normalizeTicket(raw);
    if (!ticket) {
      setFound(null);
      setState({ kind: 'error', message: t`This is not a ticket. A ticket looks like IR-7K3F-9QXM (or ER-… for an emergency).` });
      return;
    }
    setInput(ticket);
    setState({ kind: 'loading' });
    if (params.get('ticket') !== ticket) setParams({ ticket }, { replace: true });
    fetchTicket(ticket);
  }

  async function readReceipt(file: File) {
    if (file.size > RECEIPT_MAX_BYTES) {
      setFileError(t`This file is too large to be a receipt. Choose the .txt receipt you downloaded.`);
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      setFileError(t`The file could not be read. Try again, or type the ticket.`);
      return;
    }
    const ticket = ticketFromReceipt(text);
    if (!ticket) {
      setFileError(
        t`No ticket was found in this file. Choose the receipt you downloaded after your report, or type the ticket.`,
      );
      return;
    }
    lookUp(ticket);
  }

  const fieldError = state.kind === 'error' ? state.message : undefined;
  const barangay = settings?.name ?? BRAND_NAME;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 dark:[color-scheme:dark]">
      <title>{t`Track a report · ${barangay}`}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">
          <Trans>Track a report</Trans>
        </h1>
        <p className="mt-1 text-sm text-ink-soft">
          <Trans>Enter the ticket you got after your report, or upload the receipt file.</Trans>
        </p>
      </div>
      <form
        noValidate
        className="card flex flex-col gap-4 p-4 sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          lookUp(input);
        }}
      >
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextField
            label={t`Ticket`}
            className="flex-1"
            value={input}
            placeholder="IR-7K3F-9QXM"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            inputMode="text"
            error={fieldError}
            onChange={(event) => setInput(event.target.value)}
          />
          <button type="submit" className="btn btn-primary sm:mt-7" disabled={state.kind === 'loading'}>
            <Search className="h-4 w-4" aria-hidden="true" />
            {state.kind === 'loading' ? t`Looking up…` : t`Look up`}
          </button>
        </div>
        <div className="flex items-center gap-3 text-sm text-muted">
          <span className="h-px flex-1 bg-line" aria-hidden="true" /> <Trans>or</Trans>{' '}
          <span className="h-px flex-1 bg-line" aria-hidden="true" />
        </div>
        <div>
          <label className="btn btn-secondary w-full cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-[var(--focus)]">
            <FileText className="h-4 w-4" aria-hidden="true" /> <Trans>Upload the receipt (.txt)</Trans>
            <input
              type="file"
              accept=".txt,text/plain"
              className="sr-only"
              aria-describedby={fileError ? `${id}-file-error` : undefined}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void readReceipt(file);
              }}
            />
          </label>
          {fileError && (
            <p id={`${id}-file-error`} role="alert" className="mt-2 text-sm text-danger">
              {fileError}
            </p>
          )}
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {state.kind === 'loading' ? t`Looking up the ticket` : state.kind === 'error' ? state.message : ''}
        </p>
      </form>
      {found && (
        <Result
          result={found}
          timeZone={settings?.timezone}
          onRefresh={() => lookUp(found.ticket)}
          refreshing={state.kind === 'loading'}
        />
      )}
      <p className="text-center text-sm text-muted">
        <Link
          to="/Reportincidents"
          className="inline-flex min-h-11 items-center font-medium text-brand-600 underline dark:text-brand-100"
        >
          <Trans>Report an incident</Trans>
        </Link>
      </p>
    </div>
  );
}
