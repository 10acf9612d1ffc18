import { Link } from 'wouter';
import { ChevronRight, MapPin } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardIncident, TanodDashboard } from '@bantay/shared';
import { formatDistance } from '@/components/map/map-geometry.ts';
import { TanodCardFrame, TanodCardState } from './TanodCardFrame.tsx';
import { relativeSpan } from './tanod-format.ts';
import { incidentTypeLabel } from '@bantay/shared';

/** The address and landmark, or null when the report gave neither. */
const place = (incident: DashboardIncident) => [incident.address, incident.landmark].filter(Boolean).join(' · ') || null;
const openOnMap = (incident: DashboardIncident) => `/Patrolmap?incident=${encodeURIComponent(incident._id)}`;

interface TanodIncidentsCardProps {
  data: TanodDashboard | undefined;
  now: number;
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
}

/**
 * The dashboard's one incidents card: my active incident, then the pending ones near
 * my last known position (or the newest), all from the dashboard's call. The full lists (the queue,
 * every incident, my history) are on the patrol map.
 */
export function TanodIncidentsCard({ data, now, isLoading, isError, onRetry }: TanodIncidentsCardProps) {
  const { t } = useLingui();
  const placeOf = (incident: DashboardIncident) => place(incident) ?? t`No address given`;
  const radiusKm = data ? data.nearby.radiusMeters / 1000 : 0;
  const seen = data?.nearby.position ? relativeSpan(data.nearby.position.at, now) : '';
  return (
    <TanodCardFrame title={t`Incidents`} icon={MapPin} more={{ to: '/Patrolmap', label: t`Open the patrol map` }} testId="tanod-incidents">
      {!data ? (
        <TanodCardState isLoading={isLoading} isError={isError} onRetry={onRetry} />
      ) : (
        <div className="space-y-3">
          {data.activeIncident && (
            <Link to={openOnMap(data.activeIncident)} className="block rounded-lg border-2 border-brand-600 p-3 hover:bg-surface-2" data-testid="dashboard-active-incident">
              <span className="block text-xs font-semibold uppercase tracking-wide text-brand-600">
                <Trans>Your active incident</Trans>
              </span>
              <span className="block font-semibold">
                {incidentTypeLabel(data.activeIncident.type)} · {data.activeIncident.ticket}
              </span>
              <span className="block text-sm text-muted">{placeOf(data.activeIncident)}</span>
            </Link>
          )}
          <h3 className="text-sm font-semibold">
            <Trans>Pending nearby</Trans>
          </h3>
          <p className="text-sm text-muted">
            {data.nearby.basis === 'position'
              ? t`Pending reports within ${radiusKm} km of your last known position (${seen}).`
              : t`Your position is not known yet, so these are the newest pending reports.`}
          </p>
          {data.nearby.items.length === 0 ? (
            <p className="text-sm">
              {data.nearby.basis === 'position' ? <Trans>No pending incidents nearby.</Trans> : <Trans>No pending incidents now.</Trans>}
            </p>
          ) : (
            <ul className="divide-y divide-line">
              {data.nearby.items.map((incident) => {
                const type = incidentTypeLabel(incident.type);
                return (
                  <li key={incident._id}>
                    <Link to={openOnMap(incident)} className="flex items-center gap-2 py-2 hover:bg-surface-2">
                      <span
                        className={`h-2.5 w-2.5 shrink-0 rounded-full ${incident.classification === 'emergency' ? 'bg-red-600' : 'bg-blue-700'}`}
                        aria-hidden="true"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium">
                          {incident.classification === 'emergency' ? t`Emergency: ${type}` : type}
                        </span>
                        <span className="block truncate text-xs text-muted">{placeOf(incident)}</span>
                      </span>
                      <span className="shrink-0 text-right text-xs text-muted">
                        {incident.distanceMeters !== null && <span className="block font-semibold text-ink">{formatDistance(incident.distanceMeters)}</span>}
                        {relativeSpan(incident.reportedAt, now)}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          <Link to="/Patrolmap?list=history" className="inline-flex items-center text-sm font-medium text-brand-600 underline">
            <Trans>My history and ratings</Trans> <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      )}
    </TanodCardFrame>
  );
}
