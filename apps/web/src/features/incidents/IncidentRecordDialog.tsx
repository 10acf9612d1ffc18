import type { ReactNode } from 'react';
import { Navigation } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '@/components/Modal.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { RatingStars } from '@/components/RatingStars.tsx';
import { directionsUrl } from '@/components/map/map-geometry.ts';
import { ClassificationBadge, ConfidentialBadge, StatusBadge } from './badges.tsx';
import { IncidentFacts } from './IncidentFacts.tsx';
import { IncidentPhotos } from './IncidentPhotos.tsx';
import { Timeline } from './Timeline.tsx';
import { dateTimeText, resolvedByText, STATUS_LABELS } from './incident-format.ts';
import { useIncident } from './incidents-api.ts';
import { fullName } from '@/lib/full-name.ts';
import { incidentTypeLabel } from '@bantay/shared';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 border-t border-line pt-4">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {children}
    </section>
  );
}

/** "Responder: <name>", the name in bold. */
function ResponderLine({ name }: { name: string }) {
  return (
    <span className="text-sm text-ink-soft">
      <Trans>
        Responder: <strong>{name}</strong>
      </Trans>
    </span>
  );
}

/**
 * A tanod's read-only look at one incident from their lists: the report, how it ended, the
 * reporter's rating and the timeline. The steps stay on the queue and the active incident panel.
 */
export function IncidentRecordDialog({ incidentId, onClose }: { incidentId: string; onClose(): void }) {
  const { t } = useLingui();
  const { data: incident, isLoading, isError, refetch } = useIncident(incidentId);
  return (
    <Modal title={incident ? `${incidentTypeLabel(incident.type)} · ${incident.ticket}` : t`Incident`} onClose={onClose} widthClass="max-w-xl">
      {isLoading ? (
        <p className="text-sm text-muted">
          <Trans>Loading the incident…</Trans>
        </p>
      ) : isError || !incident ? (
        <LoadFailed message={<Trans>The incident could not be loaded.</Trans>} onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-4" data-testid="incident-record">
          <div className="flex flex-wrap items-center gap-2">
            <ClassificationBadge classification={incident.classification} />
            <StatusBadge status={incident.status} />
            {incident.confidential && <ConfidentialBadge />}
            {incident.responder && (
              <ResponderLine name={fullName(incident.responder)} />
            )}
          </div>
          <IncidentFacts incident={incident} />
          <IncidentPhotos photos={incident.photos} />
          <a className="btn btn-secondary" href={directionsUrl(incident.location)} target="_blank" rel="noopener noreferrer">
            <Navigation className="h-4 w-4" aria-hidden="true" />
            <Trans>Directions</Trans>
          </a>
          {incident.resolutionLog && (
            <Section title={t`Resolution`}>
              <p className="whitespace-pre-wrap text-sm">{incident.resolutionLog}</p>
              {incident.resolvedBy && <p className="text-xs text-muted">{resolvedByText(incident.resolvedBy, incident.resolvedAt)}</p>}
            </Section>
          )}
          {incident.closingReason && (
            <Section title={t(STATUS_LABELS[incident.status])}>
              <p className="whitespace-pre-wrap text-sm">{incident.closingReason}</p>
            </Section>
          )}
          {incident.rating && (
            <Section title={t`The reporter's rating`}>
              <RatingStars rating={incident.rating.stars} className="h-5 w-5" />
              <p className="whitespace-pre-wrap text-sm">“{incident.rating.comment}”</p>
              <p className="text-xs text-muted">{dateTimeText(incident.rating.at)}</p>
            </Section>
          )}
          <Section title={t`Timeline`}>
            <Timeline events={incident.events} />
          </Section>
        </div>
      )}
    </Modal>
  );
}
