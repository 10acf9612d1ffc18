import { useCallback, useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentListResponse, IncidentStatus } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { notify } from '@/lib/toast.ts';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query.ts';
import { BurstBadge, ConfidentialBadge, StatusBadge } from './badges.tsx';
import { NoBotCheckBadge } from './NoBotCheckBadge.tsx';
import { dayRange, EMPTY_FILTERS, IncidentFiltersBar, type FilterValues } from './IncidentFiltersBar.tsx';
import { ARCHIVE_STATUSES, shortDateTime, STATUS_LABELS } from './incident-format.ts';
import { downloadIncidentsCsv, useIncidentPages, type IncidentFilters } from './incidents-api.ts';
import { fullName } from '@/lib/full-name.ts';
import { incidentTypeLabel } from '@bantay/shared';

const ALL_STATUSES = Object.keys(STATUS_LABELS) as IncidentStatus[];

interface IncidentTableProps {
  /** `archive`: resolved, rejected and false alarms only, oldest pages behind "Load more". */
  mode: 'all' | 'archive';
  onOpen(id: string): void;
  selectedId: string | null;
}

type IncidentRow = IncidentListResponse['items'][number];

/** On a phone an incident is a card that opens the drawer: ticket and status, type, when, where, who. */
function IncidentCard({ item, selected, onOpen }: { item: IncidentRow; selected: boolean; onOpen(id: string): void }) {
  const { t } = useLingui();
  const emergency = item.classification === 'emergency';
  return (
    <li>
      <button
        type="button"
        data-ticket={item.ticket}
        onClick={() => onOpen(item._id)}
        className={`flex w-full flex-col gap-1.5 p-4 text-left text-sm hover:bg-surface-2 ${emergency ? 'bg-red-50 dark:bg-red-950/30' : ''} ${selected ? 'outline outline-2 -outline-offset-2 outline-[var(--focus)]' : ''}`}
      >
        <span className="flex w-full flex-wrap items-center gap-2">
          <span className="font-mono font-semibold text-brand-600 underline">{item.ticket}</span>
          <StatusBadge status={item.status} />
        </span>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={emergency ? 'font-semibold text-red-700 dark:text-red-300' : 'font-medium'}>
            {incidentTypeLabel(item.type)}
          </span>
          {emergency && (
            <span className="rounded bg-danger-fill px-1.5 py-0.5 text-[0.65rem] font-bold uppercase text-white">
              <Trans>Emergency</Trans>
            </span>
          )}
          {item.confidential && <ConfidentialBadge />}
          {item.burst && <BurstBadge />}
          {item.sentWithoutBotCheck && <NoBotCheckBadge />}
        </span>
        <span className="break-words text-ink-soft">
          {[item.address, item.landmark].filter(Boolean).join(' · ') || t`No address`}
        </span>
        <span className="text-xs text-muted">
          {shortDateTime(item.reportedAt)} · {item.responder ? fullName(item.responder) : t`No responder`}
        </span>
      </button>
    </li>
  );
}

/** The admin's incident table: filters, cursor paging and the CSV export of what is shown. */
export function IncidentTable({ mode, onOpen, selectedId }: IncidentTableProps) {
  const { t } = useLingui();
  const [values, setValues] = useState<FilterValues>(EMPTY_FILTERS);
  const [exporting, setExporting] = useState(false);
  const statuses = mode === 'archive' ? ARCHIVE_STATUSES : ALL_STATUSES;

  const filters = useMemo<IncidentFilters>(
    () => ({
      status: values.status ? [values.status] : mode === 'archive' ? ARCHIVE_STATUSES : undefined,
      classification: values.classification || undefined,
      type: values.type || undefined,
      q: values.q.trim() || undefined,
      ...dayRange(values.fromDay, values.toDay),
      sort: 'newest',
      limit: 25,
    }),
    [values, mode],
  );
  const pages = useIncidentPages(filters);
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const fieldError = pages.error instanceof ApiError ? pages.error.fields[0] : undefined;
  const onChange = useCallback((next: FilterValues) => setValues(next), []);
  // On a phone the six columns would hide behind a sideways scroll: each incident is a card.
  const isPhone = useMediaQuery(PHONE_QUERY);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadIncidentsCsv({ ...filters, limit: undefined });
    } catch (error) {
      notify.error(error instanceof Error ? error.message : t`The export failed. Please try again.`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-label={mode === 'archive' ? t`Archive` : t`Incidents`} className="space-y-4">
      <div className="card space-y-3">
        <IncidentFiltersBar
          value={values}
          onChange={onChange}
          statuses={statuses}
          anyStatusLabel={mode === 'archive' ? t`Any closed status` : t`Any status`}
          fieldError={fieldError}
        />
        <div className="flex justify-end">
          <button type="button" className="btn btn-secondary" disabled={exporting} onClick={() => void exportCsv()}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {exporting ? t`Exporting…` : t`Export CSV`}
          </button>
        </div>
      </div>
      <div className="card relative overflow-x-auto !p-0">
        {pages.isLoading ? (
          <p className="px-4 py-6 text-sm text-muted">
            <Trans>Loading incidents…</Trans>
          </p>
        ) : pages.isError ? (
          <LoadFailed className="px-4 py-6 text-sm" message={fieldError ? fieldError.message : t`The incidents could not be loaded.`} onRetry={fieldError ? undefined : () => void pages.refetch()} />
        ) : items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-muted">
            {mode === 'archive' ? t`No closed incidents match.` : t`No incidents match.`}
          </p>
        ) : isPhone ? (
          <ul
            className="divide-y divide-line"
            aria-label={mode === 'archive' ? t`Closed incidents` : t`Incidents`}
            data-testid="incident-cards"
          >
            {items.map((item) => (
              <IncidentCard key={item._id} item={item} selected={item._id === selectedId} onOpen={onOpen} />
            ))}
          </ul>
        ) : (
          <table className="w-full min-w-[46rem] text-left text-sm" data-testid="incident-table">
            <thead className="border-b border-line bg-surface-2 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-2">
                  <Trans>Ticket</Trans>
                </th>
                <th scope="col" className="px-4 py-2">
                  <Trans>Type</Trans>
                </th>
                <th scope="col" className="px-4 py-2">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className="px-4 py-2">
                  <Trans>Reported</Trans>
                </th>
                <th scope="col" className="px-4 py-2">
                  <Trans>Where</Trans>
                </th>
                <th scope="col" className="px-4 py-2">
                  <Trans>Responder</Trans>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {items.map((item) => {
                const emergency = item.classification === 'emergency';
                return (
                  <tr
                    key={item._id}
                    data-ticket={item.ticket}
                    className={`cursor-pointer hover:bg-surface-2 ${emergency ? 'bg-red-50 dark:bg-red-950/30' : ''} ${item._id === selectedId ? 'outline outline-2 -outline-offset-2 outline-[var(--focus)]' : ''}`}
                    onClick={() => onOpen(item._id)}
                  >
                    <td className="whitespace-nowrap px-4 py-2 font-mono">
                      <button
                        type="button"
                        className="font-semibold text-brand-600 underline"
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(item._id);
                        }}
                      >
                        {item.ticket}
                      </button>
                    </td>
                    <td className="px-4 py-2">
                      <span className={emergency ? 'font-semibold text-red-700 dark:text-red-300' : ''}>
                        {incidentTypeLabel(item.type)}
                      </span>
                      {emergency && (
                        <span className="ml-2 rounded bg-danger-fill px-1.5 py-0.5 text-[0.65rem] font-bold uppercase text-white">
                          <Trans>Emergency</Trans>
                        </span>
                      )}
                      {item.confidential && (
                        <span className="ml-2 inline-block align-middle">
                          <ConfidentialBadge />
                        </span>
                      )}
                      {item.burst && (
                        <span className="ml-2 inline-block align-middle">
                          <BurstBadge />
                        </span>
                      )}
                      {item.sentWithoutBotCheck && (
                        <span className="ml-2 inline-block align-middle">
                          <NoBotCheckBadge />
                        </span>
                      )}
                    </td>
                    <td className="px-4 py-2">
                      <StatusBadge status={item.status} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-2 text-ink-soft">{shortDateTime(item.reportedAt)}</td>
                    <td className="max-w-[14rem] truncate px-4 py-2 text-ink-soft">
                      {[item.address, item.landmark].filter(Boolean).join(' · ') || '—'}
                    </td>
                    <td className="whitespace-nowrap px-4 py-2 text-ink-soft">
                      {item.responder ? fullName(item.responder) : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      {pages.hasNextPage && (
        <div className="flex justify-center">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? t`Loading…` : t`Load more`}
          </button>
        </div>
      )}
    </section>
  );
}
