import { useState } from 'react';
import { MapPin, Navigation } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentListItem } from '@bantay/shared';
import { formatDistance } from '@/components/map/map-geometry.ts';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { notify } from '@/lib/toast.ts';
import { ClassificationBadge } from './badges.tsx';
import { IncidentPhotos } from './IncidentPhotos.tsx';
import { ageText, stepErrorMessage } from './incident-format.ts';
import { incidentSteps, useApplyIncident } from './incidents-api.ts';
import { useNow } from '@/lib/use-now.ts';
import { incidentTypeLabel } from '@bantay/shared';

interface TanodQueueProps {
  /** Pending incidents, already in the server's priority order (emergencies first, then nearest). */
  items: IncidentListItem[];
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
  selectedId: string | null;
  onSelect(id: string): void;
  /** The tanod holds an in-progress incident: Respond is refused by the server, so it is hidden. */
  hasActive: boolean;
  /** Whether distances are known (the device shared its position). */
  hasPosition: boolean;
}

/** The tanod's queue of pending incidents: type, classification, age, distance, photos. */
export function TanodQueue({ items, isLoading, isError, onRetry, selectedId, onSelect, hasActive, hasPosition }: TanodQueueProps) {
  const { t } = useLingui();
  const now = useNow(30_000);
  const apply = useApplyIncident();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function respond(item: IncidentListItem) {
    setBusyId(item._id);
    try {
      const detail = await incidentSteps.respond(item._id);
      apply(detail);
      const ticket = detail.ticket;
      notify.success(t`You are responding to ${ticket}`);
    } catch (error) {
      notify.error(stepErrorMessage(error));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section aria-labelledby="queue-title" className="card !p-0">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b border-line px-4 py-3">
        <h2 id="queue-title" className="whitespace-nowrap text-lg font-semibold">
          <Trans>Incident queue</Trans>
        </h2>
        <p className="text-xs text-muted">{hasPosition ? t`Emergencies first, then nearest` : t`Emergencies first, then oldest`}</p>
      </header>
      {isLoading ? (
        <p className="px-4 py-6 text-sm text-muted">
          <Trans>Loading incidents…</Trans>
        </p>
      ) : isError ? (
        <LoadFailed className="px-4 py-6 text-sm" message={<Trans>The incidents could not be loaded.</Trans>} onRetry={onRetry} />
      ) : items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">
          <Trans>No pending incidents. New reports appear here as they arrive.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-line" data-testid="incident-queue">
          {items.map((item) => {
            const emergency = item.classification === 'emergency';
            const selected = item._id === selectedId;
            const age = ageText(item.reportedAt, now);
            return (
              <li
                key={item._id}
                data-testid="queue-item"
                data-incident-row={item._id}
                data-ticket={item.ticket}
                className={`relative px-4 py-3 ${emergency ? 'border-l-4 border-l-red-600 bg-red-50 dark:bg-red-950/40' : 'border-l-4 border-l-transparent'} ${selected ? 'ring-2 ring-inset ring-[var(--focus)]' : ''}`}
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className={`font-semibold ${emergency ? 'text-red-800 dark:text-red-200' : 'text-ink'}`}>{incidentTypeLabel(item.type)}</p>
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                      <ClassificationBadge classification={item.classification} />
                      <span>
                        <Trans>{age} ago</Trans>
                      </span>
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
                {item.description && <p className="mt-2 line-clamp-2 text-sm text-ink-soft">{item.description}</p>}
                {(item.address || item.landmark) && (
                  <p className="mt-1 flex items-start gap-1 text-sm text-muted">
                    <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                    <span>{[item.address, item.landmark].filter(Boolean).join(' · ')}</span>
                  </p>
                )}
                {item.photos.length > 0 && (
                  <div className="mt-2">
                    <IncidentPhotos photos={item.photos} size="sm" />
                  </div>
                )}
                <div className="mt-3 flex flex-wrap gap-2">
                  {!hasActive && (
                    <button
                      type="button"
                      className={`btn ${emergency ? 'btn-danger' : 'btn-primary'}`}
                      disabled={busyId !== null}
                      onClick={() => void respond(item)}
                    >
                      {busyId === item._id ? t`Responding…` : t`Respond`}
                    </button>
                  )}
                  <button type="button" className="btn btn-secondary" aria-pressed={selected} onClick={() => onSelect(item._id)}>
                    <Trans>Show on map</Trans>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
