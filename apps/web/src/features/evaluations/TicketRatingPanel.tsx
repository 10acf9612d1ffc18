import { useCallback, useEffect, useState } from 'react';
import { CheckCircle2, Star, Ticket, TriangleAlert } from 'lucide-react';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicTicket } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { incidentTypeLabel } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { lookUpTicket } from './evaluations-api.ts';
import { ticketRateability, type TicketRateability } from './evaluation-logic.ts';

export type TicketLookup =
  | { state: 'loading' }
  | { state: 'failed'; message: string; canRetry: boolean }
  | { state: 'ready'; ticket: PublicTicket; rateability: TicketRateability }
  | { state: 'rated'; ticket: PublicTicket };

/** Looks up the ticket of a `?ticket=` link to learn whether, and whom, it lets the holder rate. */
export function useTicketLookup(ticket: string | null): { lookup: TicketLookup; retry(): void; markRated(): void } {
  // The answer remembers its ticket, so a link to another ticket shows "loading", never a stale answer.
  const [answer, setAnswer] = useState<{ ticket: string; lookup: TicketLookup } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!ticket) return;
    const controller = new AbortController();
    const settle = (lookup: TicketLookup) => setAnswer({ ticket, lookup });
    lookUpTicket(ticket, controller.signal).then(
      (found) => settle({ state: 'ready', ticket: found, rateability: ticketRateability(found) }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED')) {
          settle({ state: 'failed', message: translate`No report has the ticket ${ticket}. Check the ticket and try again.`, canRetry: false });
        } else if (error instanceof ApiError && (error.code === 'RATE_LIMITED' || error.isNetwork)) {
          settle({ state: 'failed', message: error.message, canRetry: true });
        } else {
          settle({ state: 'failed', message: translate`The report could not be looked up.`, canRetry: true });
        }
      },
    );
    return () => controller.abort();
  }, [ticket, attempt]);

  const retry = useCallback(() => {
    setAnswer(null);
    setAttempt((value) => value + 1);
  }, []);
  const markRated = useCallback(
    () =>
      setAnswer((current) =>
        current?.lookup.state === 'ready' ? { ticket: current.ticket, lookup: { state: 'rated', ticket: current.lookup.ticket } } : current,
      ),
    [],
  );
  const lookup: TicketLookup = answer && answer.ticket === ticket ? answer.lookup : { state: 'loading' };
  return { lookup, retry, markRated };
}

interface TicketRatingPanelProps {
  ticket: string;
  lookup: TicketLookup;
  onRetry(): void;
  onRate(responderFirstName: string): void;
}

/** The banner of a `?ticket=` link: who can be rated for the report, or why no one can. */
export function TicketRatingPanel({ ticket, lookup, onRetry, onRate }: TicketRatingPanelProps) {
  const { t } = useLingui();
  const label = t`Your report`;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind classes, not prose
  const frame = 'flex items-start gap-3 rounded-xl border p-4';
  if (lookup.state === 'loading') {
    return (
      <section className={`${frame} border-line bg-surface`} aria-label={label}>
        <Loading label={t`Looking up report ${ticket}…`} />
        <p className="self-center text-sm text-ink-soft" aria-hidden="true">
          <Trans>Looking up report {ticket}…</Trans>
        </p>
      </section>
    );
  }
  if (lookup.state === 'rated') {
    const rated = lookup.ticket.ticket;
    return (
      <section className={`${frame} border-success/40 bg-success/10`} aria-label={label} role="status">
        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
        <p className="text-sm">
          <Trans>Thank you! Your rating for report {rated} was recorded.</Trans>
        </p>
      </section>
    );
  }
  if (lookup.state === 'failed' || !lookup.rateability.canRate) {
    const message = lookup.state === 'failed' ? lookup.message : (lookup.rateability as { reason: string }).reason;
    return (
      <section className={`${frame} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100`} aria-label={label}>
        <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="flex-1">
          <p role="alert" className="text-sm" data-testid="ticket-refusal">
            {message}
          </p>
          {lookup.state === 'failed' && lookup.canRetry && (
            <button type="button" className="btn btn-secondary mt-3" onClick={onRetry}>
              <Trans>Try again</Trans>
            </button>
          )}
        </div>
      </section>
    );
  }
  const { responderFirstName } = lookup.rateability;
  const name = responderFirstName;
  const found = lookup.ticket.ticket;
  const type = incidentTypeLabel(lookup.ticket.type);
  return (
    <section className={`${frame} flex-wrap border-brand-600/40 bg-brand-50 dark:bg-brand-600/15`} aria-label={label}>
      <Ticket className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm">
        <Trans>
          Report <span className="font-mono font-semibold">{found}</span> ({type}) was resolved by <strong>{name}</strong>. Tell
          us how it went.
        </Trans>
      </p>
      <button type="button" className="btn btn-primary w-full sm:w-auto" onClick={() => onRate(responderFirstName)}>
        <Star className="h-4 w-4" aria-hidden="true" />
        <Trans>Rate {name}</Trans>
      </button>
    </section>
  );
}
