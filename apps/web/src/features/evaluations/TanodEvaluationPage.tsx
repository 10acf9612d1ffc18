import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Search, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PublicShell } from '@/components/PublicShell.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { filterTanods, ticketFromQuery } from './evaluation-logic.ts';
import { fetchResidentName } from './evaluations-api.ts';
import { DirectoryList } from './DirectoryList.tsx';
import { FeedbackDialog, type RatingTarget } from './FeedbackDialog.tsx';
import { TicketRatingPanel, useTicketLookup } from './TicketRatingPanel.tsx';
import { useTanodDirectory } from './use-tanod-directory.ts';

/**
 * `/Tanodevaluation` (docs/product.md §4.9): the directory of active tanods with their ratings and recent
 * comments, searchable by name, and the feedback form. `?ticket=…` (linked from the ticket lookup)
 * opens the form for the responder of that resolved report.
 */
export default function TanodEvaluationPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const ticket = ticketFromQuery(params.get('ticket'));
  const { data: settings } = usePublicSettings();
  const directory = useTanodDirectory();
  const ticketLookup = useTicketLookup(ticket);
  const [query, setQuery] = useState('');
  const [target, setTarget] = useState<RatingTarget | null>(null);
  const [residentName, setResidentName] = useState<string | null>(null);
  const autoOpened = useRef<string | null>(null);
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    void fetchResidentName(controller.signal).then((name) => {
      if (!controller.signal.aborted) setResidentName(name);
    });
    return () => controller.abort();
  }, []);

  // The link's promise: a rateable ticket opens its form at once (once per ticket and visit).
  const { lookup } = ticketLookup;
  useEffect(() => {
    if (lookup.state !== 'ready' || !lookup.rateability.canRate || autoOpened.current === lookup.ticket.ticket) return;
    autoOpened.current = lookup.ticket.ticket;
    setTarget({ kind: 'ticket', ticket: lookup.ticket.ticket, responderFirstName: lookup.rateability.responderFirstName });
  }, [lookup]);

  const visible = useMemo(() => (directory.tanods ? filterTanods(directory.tanods, query) : []), [directory.tanods, query]);
  const clearSearch = () => {
    setQuery('');
    searchRef.current?.focus();
  };

  return (
    <PublicShell>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 sm:py-8">
        <section>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            <Trans>Rate our tanods</Trans>
          </h1>
          <p className="mt-1.5 max-w-2xl text-ink-soft">
            <Trans>
              Tell us how our tanods serve you. No account needed: choose a tanod, give stars and a short comment. You can rate
              each tanod once every 30 days.
            </Trans>
          </p>
        </section>

        {ticket && (
          <TicketRatingPanel
            ticket={ticket}
            lookup={lookup}
            onRetry={ticketLookup.retry}
            onRate={(responderFirstName) => {
              if (lookup.state === 'ready') setTarget({ kind: 'ticket', ticket: lookup.ticket.ticket, responderFirstName });
            }}
          />
        )}

        <div role="search" className="flex max-w-md flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium">
            <Trans>Search tanods by name</Trans>
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-muted" aria-hidden="true" />
            <input
              ref={searchRef}
              id={searchId}
              type="search"
              className="input pl-10 pr-11 [&::-webkit-search-cancel-button]:hidden"
              placeholder={t`e.g. Juan`}
              autoComplete="off"
              enterKeyHint="search"
              maxLength={80}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            {query !== '' && (
              <button
                type="button"
                className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-lg text-muted hover:text-ink"
                aria-label={t`Clear search`}
                onClick={clearSearch}
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </button>
            )}
          </div>
        </div>

        <DirectoryList
          directory={directory}
          visible={visible}
          query={query}
          timeZone={settings?.timezone}
          onClearSearch={clearSearch}
          onRate={(tanod) => setTarget({ kind: 'tanod', tanod })}
        />
      </div>

      {target && (
        <FeedbackDialog
          key={target.kind === 'tanod' ? target.tanod._id : target.ticket}
          target={target}
          defaultName={residentName}
          onClose={() => setTarget(null)}
          onRated={(rated) => {
            // The server is the source of the average, count and comments: read them again.
            directory.reload();
            if (rated.kind === 'ticket') ticketLookup.markRated();
          }}
        />
      )}
    </PublicShell>
  );
}
