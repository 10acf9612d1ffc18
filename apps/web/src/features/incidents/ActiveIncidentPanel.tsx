import { useState, type ReactNode } from 'react';
import { CheckCircle2, Crosshair, Navigation } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentDetail } from '@bantay/shared';
import { directionsUrl } from '@/components/map/map-geometry.ts';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { ClassificationBadge, StatusBadge } from './badges.tsx';
import { IncidentFacts } from './IncidentFacts.tsx';
import { IncidentPhotos } from './IncidentPhotos.tsx';
import { NoteForm } from './NoteForm.tsx';
import { ResolveDialog } from './ResolveDialog.tsx';
import { Timeline } from './Timeline.tsx';
import { useIncident } from './incidents-api.ts';
import { incidentTypeLabel } from '@bantay/shared';

interface ActiveIncidentPanelProps {
  incidentId: string;
  /** Request backup, from the assistance feature (the page composes the two). */
  backupAction?: (incident: IncidentDetail) => ReactNode;
  onShowOnMap(id: string): void;
}

/** The tanod's in-progress incident: details, photos, directions, notes, Resolve, backup. */
export function ActiveIncidentPanel({ incidentId, backupAction, onShowOnMap }: ActiveIncidentPanelProps) {
  const { t } = useLingui();
  const { data: incident, isLoading, isError, refetch } = useIncident(incidentId);
  const [resolving, setResolving] = useState(false);

  const emergency = incident?.classification === 'emergency';
  return (
    <section
      aria-labelledby="active-title"
      data-testid="active-incident"
      className={`card !p-0 ${emergency ? 'border-red-600 dark:border-red-500' : 'border-brand-600'} border-2`}
    >
      <header className={`rounded-t-xl px-4 py-3 ${emergency ? 'bg-red-700 text-white' : 'bg-brand-fill text-white'}`}>
        <p className="text-xs font-semibold uppercase tracking-wide opacity-90">
          <Trans>Your active incident</Trans>
        </p>
        <h2 id="active-title" className="text-lg font-bold">
          {incident ? `${incidentTypeLabel(incident.type)} · ${incident.ticket}` : t`Loading…`}
        </h2>
      </header>
      {isLoading ? (
        <p className="px-4 py-6 text-sm text-muted">
          <Trans>Loading the incident…</Trans>
        </p>
      ) : isError || !incident ? (
        <LoadFailed className="px-4 py-6 text-sm" message={<Trans>The incident could not be loaded.</Trans>} onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-4 px-4 py-4">
          <div className="flex flex-wrap gap-2">
            <ClassificationBadge classification={incident.classification} />
            <StatusBadge status={incident.status} />
          </div>
          <IncidentFacts incident={incident} />
          <IncidentPhotos photos={incident.photos} />
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <a className="btn btn-secondary" href={directionsUrl(incident.location)} target="_blank" rel="noopener noreferrer">
              <Navigation className="h-4 w-4" aria-hidden="true" />
              <Trans>Directions</Trans>
            </a>
            <button type="button" className="btn btn-secondary" onClick={() => onShowOnMap(incident._id)}>
              <Crosshair className="h-4 w-4" aria-hidden="true" />
              <Trans>Show on map</Trans>
            </button>
            {incident.status === 'in_progress' && (
              <button type="button" className="btn btn-primary col-span-2" onClick={() => setResolving(true)}>
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                <Trans>Resolve</Trans>
              </button>
            )}
          </div>
          {backupAction?.(incident)}
          <div className="space-y-3 border-t border-line pt-4">
            <h3 className="text-sm font-semibold">
              <Trans>Notes and timeline</Trans>
            </h3>
            <Timeline events={incident.events} evidence={incident.evidence} />
            <NoteForm incidentId={incident._id} />
          </div>
        </div>
      )}
      {resolving && incident && <ResolveDialog incidentId={incident._id} ticket={incident.ticket} onClose={() => setResolving(false)} />}
    </section>
  );
}
