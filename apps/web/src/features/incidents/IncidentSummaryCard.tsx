import { Link } from 'react-router';
import { AlertTriangle, ChevronRight, Siren } from 'lucide-react';
import { formatDistance } from '@/components/map/map-geometry.ts';
import { useSession } from '@/lib/session.tsx';
import { ageText } from './incident-format.ts';
import { useIncidentList } from './incidents-api.ts';
import { useDevicePosition, useNow } from './hooks.ts';

/** The tanod dashboard's incident card (issue 9): the active incident and the open ones nearby. */
export function IncidentSummaryCard() {
  const { user } = useSession();
  const position = useDevicePosition();
  const now = useNow();
  const list = useIncidentList({
    status: ['pending', 'in_progress'],
    sort: 'priority',
    near: position ? `${position.lat},${position.lng}` : undefined,
    limit: 100,
  });
  const items = list.data?.items ?? [];
  const active = items.find((item) => item.status === 'in_progress' && item.responder?._id === user?._id);
  const pending = items.filter((item) => item.status === 'pending');
  const emergencies = pending.filter((item) => item.classification === 'emergency').length;

  return (
    <section aria-labelledby="incident-card-title" className="card" data-testid="incident-summary">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="incident-card-title" className="flex items-center gap-2 text-lg font-semibold">
          <AlertTriangle className="h-5 w-5 text-brand-600" aria-hidden="true" />
          Incidents
        </h2>
        <Link to="/Patrolmap" className="inline-flex items-center text-sm font-medium text-brand-600 underline">
          Patrol map <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {list.isLoading ? (
        <p className="text-sm text-muted">Loading incidents…</p>
      ) : list.isError ? (
        <div role="alert" className="text-sm">
          <p className="mb-2">The incidents could not be loaded.</p>
          <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="space-y-3">
          {active && (
            <Link
              to={`/Patrolmap?incident=${encodeURIComponent(active._id)}`}
              className="block rounded-lg border-2 border-brand-600 p-3 hover:bg-surface-2"
            >
              <span className="block text-xs font-semibold uppercase tracking-wide text-brand-600">Your active incident</span>
              <span className="block font-semibold">
                {active.type} · {active.ticket}
              </span>
              <span className="block text-sm text-muted">{[active.address, active.landmark].filter(Boolean).join(' · ') || 'No address given'}</span>
            </Link>
          )}
          <div className="grid grid-cols-2 gap-3">
            <p className={`rounded-lg p-3 ${emergencies > 0 ? 'bg-red-700 text-white' : 'bg-surface-2'}`}>
              <span className="flex items-center gap-2 text-2xl font-bold">
                <Siren className="h-5 w-5" aria-hidden="true" />
                {emergencies}
              </span>
              <span className="text-sm">pending {emergencies === 1 ? 'emergency' : 'emergencies'}</span>
            </p>
            <p className="rounded-lg bg-surface-2 p-3">
              <span className="block text-2xl font-bold">{pending.length}</span>
              <span className="text-sm">pending in all</span>
            </p>
          </div>
          {pending.length === 0 ? (
            <p className="text-sm text-muted">No pending incidents.</p>
          ) : (
            <ul className="divide-y divide-line">
              {pending.slice(0, 3).map((item) => (
                <li key={item._id}>
                  <Link to={`/Patrolmap?incident=${encodeURIComponent(item._id)}`} className="flex items-center gap-2 py-2 hover:bg-surface-2">
                    <span className={`h-2.5 w-2.5 shrink-0 rounded-full ${item.classification === 'emergency' ? 'bg-red-600' : 'bg-blue-700'}`} aria-hidden="true" />
                    <span className="min-w-0 flex-1 truncate text-sm font-medium">
                      {item.classification === 'emergency' ? 'Emergency: ' : ''}
                      {item.type}
                    </span>
                    <span className="shrink-0 text-xs text-muted">
                      {ageText(item.reportedAt, now)}
                      {item.distanceMeters !== null ? ` · ${formatDistance(item.distanceMeters)}` : ''}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
