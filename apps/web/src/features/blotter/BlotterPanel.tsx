import { useDeferredValue, useState } from 'react';
import { Lock, Plus } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BLOTTER_STATUS_LABELS, BLOTTER_STATUSES, type BlotterListItem, type BlotterStatus, incidentTypeLabel } from '@bantay/shared';
import { SearchField } from '@/components/form/SearchField.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { fullName } from '@/lib/full-name.ts';
import { ApiError } from '@/lib/api-client.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query.ts';
import { DEFAULT_TIMEZONE, formatDateTime } from '@/lib/zoned-time.ts';
import { useBlotterList, useCopyRequests, type BlotterFilters } from './blotter-api.ts';
import { StatusChip, EntryDrawer } from './EntryDrawer.tsx';
import { HearingsCalendar } from './HearingsCalendar.tsx';
import { RecordEntryDialog } from './RecordEntryDialog.tsx';

type View = 'entries' | 'hearings' | 'requests';

const VIEWS: { key: View; label: MessageDescriptor }[] = [
  { key: 'entries', label: msg`Entries` },
  { key: 'hearings', label: msg`Hearings` },
  { key: 'requests', label: msg`Copy requests` },
];

const names = (list: string[]) => list.join(', ') || '—';

function EntryCard({ item, timeZone, onOpen }: { item: BlotterListItem; timeZone: string; onOpen(id: string): void }) {
  const { t } = useLingui();
  return (
    <li>
      <button type="button" onClick={() => onOpen(item._id)} data-number={item.number} className="flex w-full flex-col gap-1.5 p-4 text-left text-sm hover:bg-surface-2">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold text-brand-600 underline">{item.number}</span>
          <StatusChip entry={item} />
          {item.confidential && <Lock className="h-4 w-4 text-danger" aria-label={t`Confidential`} />}
        </span>
        <span className="font-medium">{incidentTypeLabel(item.nature)}</span>
        <span className="break-words text-ink-soft">{item.place}</span>
        <span className="text-xs text-muted">
          {formatDateTime(item.occurredAt, timeZone)} · {names(item.complainants)} v. {names(item.respondents)}
        </span>
      </button>
    </li>
  );
}

function EntryList({ timeZone, onOpen }: { timeZone: string; onOpen(id: string): void }) {
  const { t } = useLingui();
  const [filters, setFilters] = useState<BlotterFilters>({ q: '', status: '', from: '', to: '' });
  const deferred = useDeferredValue(filters);
  const pages = useBlotterList(deferred);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const fieldError = pages.error instanceof ApiError ? pages.error.fields[0] : undefined;
  const set = (patch: Partial<BlotterFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2" role="search" aria-label={t`Search the blotter`}>
        <SearchField label={t`Search by number, name or place`} placeholder={t`Number, name or place`} value={filters.q} onChange={(q) => set({ q })} className="min-w-[12rem] flex-1 basis-full sm:basis-auto" />
        <label className="min-w-[8rem] flex-1 text-sm sm:flex-none">
          <span className="mb-1 block font-medium">
            <Trans>Status</Trans>
          </span>
          <select className="input" value={filters.status} onChange={(event) => set({ status: event.target.value as BlotterStatus | '' })}>
            <option value="">{t`Any status`}</option>
            {BLOTTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {BLOTTER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-[8rem] flex-1 text-sm sm:flex-none">
          <span className="mb-1 block font-medium">
            <Trans>From</Trans>
          </span>
          <input className="input" type="date" value={filters.from} onChange={(event) => set({ from: event.target.value })} />
        </label>
        <label className="min-w-[8rem] flex-1 text-sm sm:flex-none">
          <span className="mb-1 block font-medium">
            <Trans>To</Trans>
          </span>
          <input className="input" type="date" value={filters.to} onChange={(event) => set({ to: event.target.value })} />
        </label>
      </div>
      <div className="card relative overflow-x-auto !p-0">
        {pages.isLoading ? (
          <p className="px-4 py-6 text-sm text-muted">
            <Trans>Loading the blotter…</Trans>
          </p>
        ) : pages.isError ? (
          <LoadFailed className="px-4 py-6 text-sm" message={fieldError ? fieldError.message : t`The blotter could not be loaded.`} onRetry={fieldError ? undefined : () => void pages.refetch()} />
        ) : items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-muted">{filters.q || filters.status || filters.from || filters.to ? t`No entries match.` : t`The blotter has no entries yet.`}</p>
        ) : isPhone ? (
          <ul className="divide-y divide-line" aria-label={t`Blotter entries`} data-testid="blotter-cards">
            {items.map((item) => (
              <EntryCard key={item._id} item={item} timeZone={timeZone} onOpen={onOpen} />
            ))}
          </ul>
        ) : (
          <table className="w-full min-w-[48rem] text-left text-sm" data-testid="blotter-table">
            <thead className="border-b border-line bg-surface-2 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-2">
                  <Trans>Number</Trans>
                </th>
                <th scope="col" className="px-4 py-2">
                  <Trans>Happened</Trans>
                </th>
                <th scope="col" className="px-4 py-2">
                  <Trans>Nature and place</Trans>
                </th>
                <th scope="col" className="px-4 py-2">
                  <Trans>Parties</Trans>
                </th>
                <th scope="col" className="px-4 py-2">
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {items.map((item) => {
                const amended = item.amendmentCount;
                return (
                  <tr key={item._id} data-number={item.number} className="cursor-pointer hover:bg-surface-2" onClick={() => onOpen(item._id)}>
                    <td className="whitespace-nowrap px-4 py-2 font-mono">
                      <button
                        type="button"
                        className="font-semibold text-brand-600 underline"
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(item._id);
                        }}
                      >
                        {item.number}
                      </button>
                      {item.confidential && <Lock className="ml-2 inline h-4 w-4 text-danger" aria-label={t`Confidential`} />}
                    </td>
                    <td className="whitespace-nowrap px-4 py-2 text-ink-soft">{formatDateTime(item.occurredAt, timeZone)}</td>
                    <td className="max-w-[16rem] px-4 py-2">
                      <span className="block font-medium">{incidentTypeLabel(item.nature)}</span>
                      <span className="block truncate text-ink-soft">{item.place}</span>
                    </td>
                    <td className="max-w-[16rem] px-4 py-2 text-ink-soft">
                      <span className="block truncate">{names(item.complainants)}</span>
                      <span className="block truncate text-xs">v. {names(item.respondents)}</span>
                    </td>
                    <td className="px-4 py-2">
                      <StatusChip entry={item} />
                      {amended > 0 && (
                        <span className="ml-2 text-xs text-muted">
                          <Trans>{amended} amended</Trans>
                        </span>
                      )}
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
          <button type="button" className="btn btn-secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? t`Loading…` : t`Load more`}
          </button>
        </div>
      )}
    </div>
  );
}

function CopyRequestList({ onOpen }: { onOpen(id: string): void }) {
  const { t } = useLingui();
  const requests = useCopyRequests();
  if (requests.isPending)
    return (
      <p className="text-sm text-muted">
        <Trans>Loading the requests…</Trans>
      </p>
    );
  if (requests.isError)
    return (
      <p role="alert" className="text-sm">
        <Trans>The requests could not be loaded.</Trans>{' '}
        <button type="button" className="underline" onClick={() => void requests.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </p>
    );
  if (requests.data.length === 0)
    return (
      <p className="card text-sm text-muted">
        <Trans>No resident is waiting for a certified copy.</Trans>
      </p>
    );
  return (
    <ul className="card divide-y divide-line !p-0">
      {requests.data.map((request) => {
        const number = request.entryNumber;
        const requester = fullName(request.requester) || t`A deleted account`;
        return (
          <li key={request._id}>
            <button type="button" className="w-full p-4 text-left text-sm hover:bg-surface-2" onClick={() => onOpen(request.entryId)}>
              <Trans>
                <span className="font-mono font-semibold text-brand-600 underline">{number}</span> · {requester} asks for a certified copy
              </Trans>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export interface BlotterPanelProps {
  /** The entry open in the drawer (`?entry=`), if any. */
  entryId: string | null;
  /** An incident to record (`?record=`): "Record in blotter" from its drawer. */
  recordFromIncident: string | null;
  onOpenEntry(id: string | null): void;
  onRecordClosed(): void;
}

/**
 * The admin's blotter on /Patrol&incidenttracking?tab=blotter (docs/decisions/026-the-blotter.md):
 * the entries to search and open, record, amend and print; the Lupon's hearings on a calendar;
 * the residents' requests for certified copies.
 */
export function BlotterPanel({ entryId, recordFromIncident, onOpenEntry, onRecordClosed }: BlotterPanelProps) {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const timeZone = settings?.timezone ?? DEFAULT_TIMEZONE;
  const [view, setView] = useState<View>('entries');
  const [recording, setRecording] = useState(false);
  const waiting = useCopyRequests().data?.length ?? 0;

  return (
    <div className="space-y-4" data-testid="blotter-panel">
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex flex-wrap gap-1 rounded-lg bg-surface-2 p-1" role="group" aria-label={t`Blotter views`}>
          {VIEWS.map((item) => (
            <button
              key={item.key}
              type="button"
              aria-pressed={view === item.key}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === item.key ? 'bg-surface text-ink shadow-sm' : 'text-ink-soft hover:text-ink'}`}
              onClick={() => setView(item.key)}
            >
              {t(item.label)}
              {item.key === 'requests' && waiting > 0 && <span className="ml-1.5 rounded-full bg-danger-fill px-1.5 text-xs text-white">{waiting}</span>}
            </button>
          ))}
        </div>
        <span className="flex-1" />
        <button type="button" className="btn btn-primary" onClick={() => setRecording(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          <Trans>Record entry</Trans>
        </button>
      </div>
      {view === 'entries' && <EntryList timeZone={timeZone} onOpen={onOpenEntry} />}
      {view === 'hearings' && <HearingsCalendar timeZone={timeZone} onOpenEntry={onOpenEntry} />}
      {view === 'requests' && <CopyRequestList onOpen={onOpenEntry} />}
      {(recording || recordFromIncident) && (
        <RecordEntryDialog
          incidentId={recording ? null : recordFromIncident}
          timeZone={timeZone}
          onRecorded={(entry) => {
            setRecording(false);
            onRecordClosed();
            onOpenEntry(entry._id);
          }}
          onClose={() => {
            setRecording(false);
            onRecordClosed();
          }}
        />
      )}
      {entryId && <EntryDrawer key={entryId} entryId={entryId} timeZone={timeZone} onClose={() => onOpenEntry(null)} />}
    </div>
  );
}
