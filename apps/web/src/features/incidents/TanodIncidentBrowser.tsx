import { useMemo, useState } from 'react';
import { MapPin, Navigation } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentListItem } from '@bantay/shared';
import { RatingStars } from '@/components/RatingStars.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { formatDistance } from '@/components/map/map-geometry.ts';
import { ApiError } from '@/lib/api-client.ts';
import { ClassificationBadge, StatusBadge } from './badges.tsx';
import { IncidentRecordDialog } from './IncidentRecordDialog.tsx';
import { TanodListFilters } from './TanodListFilters.tsx';
import { shortDateTime, STATUS_LABELS } from './incident-format.ts';
import { useIncidentPages } from './incidents-api.ts';
import { EMPTY_TANOD_FILTERS, hasFilters, ratingLabel, tanodListQuery, type TanodListFilterValues } from './tanod-list.ts';
import { incidentTypeLabel } from '@bantay/shared';

interface TanodIncidentBrowserProps {
  view: 'all' | 'history';
  /** The phone's position (rounded), for distances and the distance filter. */
  position: { lat: number; lng: number } | null;
}

/** What a closed row says about how it ended: when, and for my history the rating I got. */
function Outcome({ item, showRating }: { item: IncidentListItem; showRating: boolean }) {
  const { t } = useLingui();
  const resolvedAt = item.status === 'resolved' && item.resolvedAt ? shortDateTime(item.resolvedAt) : null;
  const ended = resolvedAt ? t`Resolved ${resolvedAt}` : null;
  if (!ended && !(showRating && (item.rating || item.status === 'resolved'))) return null;
  return (
    <div className="mt-2 space-y-1 text-sm">
      {ended && <p className="text-ink-soft">{ended}</p>}
      {showRating &&
        (item.rating ? (
          <p className="flex flex-wrap items-center gap-2" data-testid="history-rating">
            <RatingStars rating={item.rating.stars} />
            <span className="sr-only">{ratingLabel(item.rating.stars)}</span>
            <span className="min-w-0 break-words text-ink-soft">“{item.rating.comment}”</span>
          </p>
        ) : item.status === 'resolved' ? (
          <p className="text-muted">
            <Trans>Not rated yet</Trans>
          </p>
        ) : null)}
    </div>
  );
}

/**
 * The tanod's incidents beyond today's queue: every incident they may see, or their
 * history (what they responded to, with the outcome and the reporter's rating), with filters and
 * "Load more" paging. A row opens the record.
 */
export function TanodIncidentBrowser({ view, position }: TanodIncidentBrowserProps) {
  const { t } = useLingui();
  const [values, setValues] = useState<TanodListFilterValues>(EMPTY_TANOD_FILTERS);
  const [openId, setOpenId] = useState<string | null>(null);
  const filters = useMemo(() => tanodListQuery(view, values, position), [view, values, position]);
  const pages = useIncidentPages(filters);
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const history = view === 'history';
  const title = history ? t`My history` : t`All incidents`;

  return (
    <section aria-label={title} className="card !p-0">
      <header className="space-y-3 border-b border-line px-4 py-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 className="text-lg font-semibold">{title}</h2>
          <p className="text-xs text-muted">{history ? t`Incidents you responded to, newest first` : t`Pending reports and those you handled`}</p>
        </div>
        <TanodListFilters view={view} value={values} onChange={setValues} hasPosition={position !== null} />
      </header>
      {pages.isLoading ? (
        <p className="px-4 py-6 text-sm text-muted">
          <Trans>Loading incidents…</Trans>
        </p>
      ) : pages.isError ? (
        <LoadFailed className="px-4 py-6 text-sm" message={pages.error instanceof ApiError && pages.error.fields[0] ? pages.error.fields[0].message : t`The incidents could not be loaded.`} onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">
          {hasFilters(values) ? t`No incidents match these filters.` : history ? t`You have not responded to an incident yet.` : t`No incidents to show.`}
        </p>
      ) : (
        <ul className="divide-y divide-line" data-testid={history ? 'history-list' : 'browse-list'}>
          {items.map((item) => {
            const ticket = item.ticket;
            const status = t(STATUS_LABELS[item.status]).toLowerCase();
            return (
              <li key={item._id} className="px-4 py-3" data-testid="browse-item" data-ticket={item.ticket}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold">{incidentTypeLabel(item.type)}</p>
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                      <StatusBadge status={item.status} />
                      {item.classification === 'emergency' && <ClassificationBadge classification={item.classification} />}
                      <span>{shortDateTime(item.reportedAt)}</span>
                      {item.distanceMeters !== null && (
                        <span className="inline-flex items-center gap-1">
                          <Navigation className="h-3 w-3" aria-hidden="true" />
                          {formatDistance(item.distanceMeters)}
                        </span>
                      )}
                      <span className="font-mono">{item.ticket}</span>
                    </div>
                  </div>
                </div>
                {(item.address || item.landmark) && (
                  <p className="mt-1 flex items-start gap-1 text-sm text-muted">
                    <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                    <span className="min-w-0 break-words">{[item.address, item.landmark].filter(Boolean).join(' · ')}</span>
                  </p>
                )}
                {item.status !== 'pending' && <Outcome item={item} showRating={history} />}
                <button
                  type="button"
                  className="btn btn-secondary mt-3"
                  aria-label={t`Details of ${ticket} (${status})`}
                  onClick={() => setOpenId(item._id)}
                >
                  <Trans>Details</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {pages.hasNextPage && (
        <div className="border-t border-line px-4 py-3">
          <button type="button" className="btn btn-secondary w-full" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? t`Loading…` : t`Load more`}
          </button>
        </div>
      )}
      {openId && <IncidentRecordDialog incidentId={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
