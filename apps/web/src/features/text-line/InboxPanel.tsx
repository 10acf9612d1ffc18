import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SMS_THREAD_STATUS_LABELS, SMS_THREAD_STATUSES, type SmsThread } from '@bantay/shared';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { GatewayLine } from './GatewayStatus.tsx';
import { ThreadCard } from './ThreadCard.tsx';
import { TicketDialog } from './TicketDialog.tsx';
import { useInbox, type InboxFilter } from './text-line-api.ts';

interface InboxPanelProps {
  /** Opens an incident (the page's drawer): the ticket of a thread, or the one just made. */
  onOpenIncident(id: string): void;
}

/**
 * The admins' triage inbox (docs/decisions/032-the-text-line.md): the texts and missed calls from
 * numbers Bantay cannot place (an unknown number, a resident without a home location), one thread
 * per number, newest first. The admin makes an incident of a thread with a pin on the map,
 * replies, dismisses it, or blocks the number.
 */
export function InboxPanel({ onOpenIncident }: InboxPanelProps) {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const [filter, setFilter] = useState<InboxFilter>('open');
  const [ticketing, setTicketing] = useState<SmsThread | null>(null);
  const inbox = useInbox(filter);
  const threads = inbox.data?.pages.flatMap((page) => page.threads) ?? [];
  const timeZone = settings?.timezone;

  return (
    <section aria-labelledby="inbox-title" className="card !p-0">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-line px-4 py-3">
        <div className="min-w-0">
          <h2 id="inbox-title" className="text-lg font-semibold">
            <Trans>Text inbox</Trans>
          </h2>
          <GatewayLine />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <Trans>Show</Trans>
          <select className="input w-auto" value={filter} onChange={(event) => setFilter(event.target.value as InboxFilter)}>
            {SMS_THREAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SMS_THREAD_STATUS_LABELS[status]}
              </option>
            ))}
            <option value="all">{t`All`}</option>
          </select>
        </label>
      </header>
      {inbox.isLoading ? (
        <p className="px-4 py-6 text-sm text-muted">
          <Trans>Loading the text inbox…</Trans>
        </p>
      ) : inbox.isError && !inbox.data ? (
        <div role="alert" className="px-4 py-6 text-sm">
          <p className="mb-3">
            <Trans>The text inbox could not be loaded.</Trans>
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void inbox.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : threads.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">
          {filter === 'open'
            ? t`No texts wait for you. Texts and missed calls from numbers Bantay cannot place come here.`
            : t`No threads here.`}
        </p>
      ) : (
        <ul className="divide-y divide-line" data-testid="sms-inbox">
          {threads.map((thread) => (
            <ThreadCard key={thread._id} thread={thread} timeZone={timeZone} onMakeIncident={setTicketing} onOpenIncident={onOpenIncident} />
          ))}
        </ul>
      )}
      {inbox.hasNextPage && (
        <div className="border-t border-line px-4 py-3">
          <button type="button" className="btn btn-secondary" disabled={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
            {inbox.isFetchingNextPage ? t`Loading…` : t`Load more`}
          </button>
        </div>
      )}
      {ticketing && <TicketDialog thread={ticketing} onClose={() => setTicketing(null)} onCreated={onOpenIncident} />}
    </section>
  );
}
