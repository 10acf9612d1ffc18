import { useDeferredValue, useMemo, useState } from 'react';
import { ArrowDown, ArrowUp, FileDown } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TanodPerformanceSummary, TanodSummary } from '@bantay/shared';
import { Avatar } from '@/components/Avatar.tsx';
import { Loading } from '@/components/Loading.tsx';
import { Modal } from '@/components/Modal.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query.ts';
import { AdminTanodPerformance } from './AdminTanodPerformance.tsx';
import {
  formatHours,
  formatKm,
  formatMinutes,
  formatPercent,
  formatRating,
  initialSelection,
  periodErrors,
  type PeriodSelection,
} from './performance-format.ts';
import { usePerformanceList } from './performance-api.ts';
import { defaultDirection, rankRows, RANKING_SORTS, type RankingSort } from './performance-rules.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { useBarangayToday } from './TanodPerformanceView.tsx';
import { SearchField } from '@/components/form/SearchField.tsx';
import { fullName } from '@/lib/full-name.ts';

interface Column {
  key: string;
  sort: RankingSort | null;
  label: MessageDescriptor;
  cell(row: TanodPerformanceSummary): string;
}

const COLUMNS: Column[] = [
  { key: 'attendance', sort: 'attendance', label: msg`Attendance`, cell: (row) => formatPercent(row.attendanceRate) },
  { key: 'onTime', sort: 'onTime', label: msg`On time`, cell: (row) => formatPercent(row.onTimeRate) },
  { key: 'patrols', sort: null, label: msg`Patrols`, cell: (row) => String(row.patrolsCompleted) },
  { key: 'hours', sort: 'hours', label: msg`Hours`, cell: (row) => formatHours(row.hoursPatrolled) },
  { key: 'distance', sort: 'distance', label: msg`Distance`, cell: (row) => formatKm(row.distanceKm) },
  {
    key: 'incidents',
    sort: 'incidents',
    label: msg`Incidents`,
    cell: (row) => `${row.incidentsResponded} / ${row.incidentsResolved}`,
  },
  { key: 'response', sort: 'response', label: msg`Response`, cell: (row) => formatMinutes(row.averageResponseMinutes) },
  {
    key: 'rating',
    sort: 'rating',
    label: msg`Rating`,
    cell: (row) => (row.ratingAverage === null ? '—' : `${formatRating(row.ratingAverage)} (${row.ratingCount})`),
  },
  { key: 'returns', sort: null, label: msg`Returns`, cell: (row) => formatPercent(row.onTimeReturnRate) },
];

const RANK_COLUMN = { sort: 'rank', label: msg`Rank` } as const;
const NAME_COLUMN = { sort: 'name', label: msg`Tanod` } as const;

function SortHeader({
  column,
  sort,
  direction,
  onSort,
  className = '',
}: {
  column: { sort: RankingSort | null; label: MessageDescriptor };
  sort: RankingSort;
  direction: 'asc' | 'desc';
  onSort(sort: RankingSort): void;
  className?: string;
}) {
  const { t } = useLingui();
  const active = column.sort !== null && column.sort === sort;
  const Arrow = direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`whitespace-nowrap px-2 py-2 text-left text-xs font-semibold text-muted first:pl-3 ${className}`}
    >
      {column.sort ? (
        <button
          type="button"
          className="inline-flex min-h-8 items-center gap-1 hover:text-ink"
          onClick={() => onSort(column.sort!)}
        >
          {t(column.label)}
          {active && <Arrow className="h-3.5 w-3.5" aria-hidden="true" />}
        </button>
      ) : (
        t(column.label)
      )}
    </th>
  );
}

/** The tanod's photo or initials and name: opens their full view. */
function TanodButton({ tanod, onOpen }: { tanod: TanodSummary; onOpen(tanod: TanodSummary): void }) {
  return (
    <button
      type="button"
      className="flex min-h-11 items-center gap-2 text-left font-semibold text-brand-600 hover:underline"
      onClick={() => onOpen(tanod)}
    >
      <Avatar firstName={tanod.firstName} lastName={tanod.lastName} src={tanod.profilePicture} size={28} />
      <span className="whitespace-nowrap">
        {fullName(tanod)}
      </span>
    </button>
  );
}

function RankCell({ row }: { row: TanodPerformanceSummary }) {
  return (
    <>
      {row.rank ?? '—'}
      {row.rank !== null && row.tiedWith > 0 && (
        <span className="ml-1 text-xs font-normal text-muted">
          <Trans>tied</Trans>
        </span>
      )}
    </>
  );
}

/**
 * On a phone a tanod is a card, in rank order: the rank, the name that opens their view, the
 * score and every figure of the table's columns with its name (the Sort by control above sorts).
 */
function RankingCard({ row, onOpen }: { row: TanodPerformanceSummary; onOpen(tanod: TanodSummary): void }) {
  const { t } = useLingui();
  return (
    <li data-testid="performance-row" className="p-4 text-sm">
      <div className="flex items-center gap-3">
        <span className="min-w-10 font-semibold tabular-nums">
          <span className="sr-only">
            <Trans>Rank</Trans>{' '}
          </span>
          <RankCell row={row} />
        </span>
        <div className="min-w-0 flex-1">
          <TanodButton tanod={row.tanod} onOpen={onOpen} />
        </div>
        <span className="text-right tabular-nums">
          <span className="block text-xs text-muted">
            <Trans>Score</Trans>
          </span>
          <span className="font-semibold">{Math.round(row.score)}</span>
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {COLUMNS.map((column) => (
          <div key={column.key} className="flex justify-between gap-2">
            <dt className="text-muted">{t(column.label)}</dt>
            <dd className="whitespace-nowrap tabular-nums">{column.cell(row)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * Admin: every active tanod's figures for a period, ranked by the server's score,
 * with search by name, sort by any figure, a tanod's full view with charts, and the report.
 */
export function PerformanceRanking() {
  const { t } = useLingui();
  const today = useBarangayToday();
  const [selection, setSelection] = useState<PeriodSelection>(() => initialSelection(today));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<RankingSort>('rank');
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const [opened, setOpened] = useState<TanodSummary | null>(null);
  const [reporting, setReporting] = useState(false);
  // Eleven columns need a wide screen; on a phone each tanod is a card (Sort by stays above).
  const isPhone = useMediaQuery(PHONE_QUERY);
  const valid = Object.keys(periodErrors(selection)).length === 0;
  const list = usePerformanceList(selection, valid);
  const q = useDeferredValue(search);
  const items = list.data?.items;
  const periodLabel = list.data?.period.label;
  const rankedFor = periodLabel ? t`Tanods ranked for ${periodLabel}` : t`Tanods ranked for the period`;
  const query = search.trim();
  const rows = useMemo(() => rankRows(items ?? [], q, sort, direction), [items, q, sort, direction]);
  const tanods = useMemo(
    () =>
      (items ?? [])
        .map((row) => row.tanod)
        .sort((a, b) => fullName(a).localeCompare(fullName(b))),
    [items],
  );

  const onSort = (next: RankingSort) => {
    if (next === sort) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setSort(next);
      setDirection(defaultDirection(next));
    }
  };

  return (
    <section className="flex flex-col gap-4" aria-label={t`Performance of all tanods`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PeriodPicker value={selection} onChange={setSelection} label={valid ? list.data?.period.label : undefined} />
        <button type="button" className="btn btn-primary" onClick={() => setReporting(true)}>
          <FileDown className="h-4 w-4" aria-hidden="true" />
          <Trans>Report</Trans>
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SearchField className="min-w-0 flex-1 basis-56" label={t`Search tanods by name`}
          placeholder={t`Search by name`} value={search} onChange={setSearch} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>Sort by</Trans>
          <select
            className="input"
            value={sort}
            onChange={(event) => {
              const next = event.target.value as RankingSort;
              setSort(next);
              setDirection(defaultDirection(next));
            }}
          >
            {RANKING_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="icon-btn border border-line"
          aria-label={direction === 'asc' ? t`Ascending; switch to descending` : t`Descending; switch to ascending`}
          onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}
        >
          {direction === 'asc' ? (
            <ArrowUp className="h-4 w-4" aria-hidden="true" />
          ) : (
            <ArrowDown className="h-4 w-4" aria-hidden="true" />
          )}
        </button>
      </div>

      {!valid ? null : list.isPending ? (
        <Loading label={t`Loading the figures…`} />
      ) : list.isError && !list.data ? (
        <div role="alert" className="card flex flex-wrap items-center gap-3 text-sm">
          <span className="flex-1">
            {list.error instanceof ApiError && list.error.status > 0 && list.error.status < 500
              ? list.error.message
              : t`The figures could not load.`}
          </span>
          <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : rows.length === 0 ? (
        <div className="card text-center text-sm text-muted">
          {query ? t`No tanods match “${query}”.` : t`No active tanods yet.`}
        </div>
      ) : isPhone ? (
        <ul
          aria-label={rankedFor}
          data-testid="performance-cards"
          className={`divide-y divide-line rounded-xl border border-line bg-surface transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {rows.map((row) => (
            <RankingCard key={row.tanod._id} row={row} onOpen={setOpened} />
          ))}
        </ul>
      ) : (
        <div
          className={`relative overflow-x-auto rounded-xl border border-line bg-surface transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          <table className="w-full min-w-[54rem] border-collapse text-sm" data-testid="performance-table">
            <caption className="sr-only">{rankedFor}</caption>
            <thead className="border-b border-line bg-surface-2">
              <tr>
                <SortHeader column={RANK_COLUMN} sort={sort} direction={direction} onSort={onSort} />
                <SortHeader
                  column={NAME_COLUMN}
                  sort={sort}
                  direction={direction}
                  onSort={onSort}
                  className="sticky left-0 z-10 bg-surface-2"
                />
                <th scope="col" className="px-2 py-2 text-left text-xs font-semibold text-muted">
                  <Trans>Score</Trans>
                </th>
                {COLUMNS.map((column) => (
                  <SortHeader key={column.key} column={column} sort={sort} direction={direction} onSort={onSort} />
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <tr key={row.tanod._id} data-testid="performance-row">
                  <td className="whitespace-nowrap py-2 pl-3 pr-2 font-semibold tabular-nums">
                    <RankCell row={row} />
                  </td>
                  <th scope="row" className="sticky left-0 z-10 bg-surface px-2 py-2 text-left font-normal">
                    <TanodButton tanod={row.tanod} onOpen={setOpened} />
                  </th>
                  <td className="whitespace-nowrap px-2 py-2 tabular-nums">{Math.round(row.score)}</td>
                  {COLUMNS.map((column) => (
                    <td key={column.key} className="whitespace-nowrap px-2 py-2 tabular-nums">
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {rows.length > 0 && (
        <p className="text-xs text-muted">
          <Trans>
            Incidents: responded / resolved. Response: average minutes from report to response. Rating: average (number
            of ratings). Ties share a rank.
          </Trans>
        </p>
      )}
      {opened && (
        <Modal
          title={fullName(opened)}
          onClose={() => setOpened(null)}
          placement="side"
          widthClass="max-w-4xl"
        >
          <AdminTanodPerformance tanod={opened} initial={selection} />
        </Modal>
      )}
      {reporting && <ReportDialog tanods={tanods} selection={selection} onClose={() => setReporting(false)} />}
    </section>
  );
}
