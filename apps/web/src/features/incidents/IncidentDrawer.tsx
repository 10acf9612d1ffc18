import { useState } from 'react';
import { Link } from 'react-router';
import { BookOpenText, CheckCircle2, Navigation, XCircle } from 'lucide-react';
import { INCIDENT_HANDLING_LIMITS } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { ReasonDialog } from '@/components/ReasonDialog.tsx';
import { directionsUrl } from '@/components/map/map-geometry.ts';
import { notify } from '@/lib/toast.ts';
import { AssignControl } from './AssignControl.tsx';
import { ClassificationBadge, ConfidentialBadge, StatusBadge } from './badges.tsx';
import { ConfidentialControl } from './ConfidentialControl.tsx';
import { IncidentFacts } from './IncidentFacts.tsx';
import { IncidentPhotos } from './IncidentPhotos.tsx';
import { IncidentReportButton } from './IncidentReportButton.tsx';
import { NearestCameras } from './NearestCameras.tsx';
import { NoteForm } from './NoteForm.tsx';
import { ResolutionSection } from './ResolutionSection.tsx';
import { ResolveDialog } from './ResolveDialog.tsx';
import { Timeline } from './Timeline.tsx';
import { dateTimeText, STATUS_LABELS } from './incident-format.ts';
import { incidentSteps, useApplyIncident, useIncident } from './incidents-api.ts';
import { fullName } from '@/lib/full-name.ts';

interface IncidentDrawerProps {
  incidentId: string;
  onClose(): void;
  /** Opens another incident (the possible duplicate). */
  onOpen(id: string): void;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2 border-t border-line pt-4">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {children}
    </section>
  );
}

/** The admin's incident detail: timeline, photos, reporter, cameras, duplicate, every step. */
export function IncidentDrawer({ incidentId, onClose, onOpen }: IncidentDrawerProps) {
  const { data: incident, isLoading, isError, refetch } = useIncident(incidentId);
  const apply = useApplyIncident();
  const [dialog, setDialog] = useState<'resolve' | 'reject' | 'false_alarm' | null>(null);
  const open = incident && (incident.status === 'pending' || incident.status === 'in_progress');

  return (
    <Modal title={incident ? `${incident.type} · ${incident.ticket}` : 'Incident'} onClose={onClose} placement="side" widthClass="max-w-xl">
      {isLoading ? (
        <p className="text-sm text-muted">Loading the incident…</p>
      ) : isError || !incident ? (
        <div role="alert" className="text-sm">
          <p className="mb-3">The incident could not be loaded.</p>
          <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="space-y-4" data-testid="incident-drawer">
          <div className="flex flex-wrap items-center gap-2">
            <ClassificationBadge classification={incident.classification} />
            <StatusBadge status={incident.status} />
            {incident.confidential && <ConfidentialBadge />}
            {incident.responder && (
              <span className="text-sm text-ink-soft">
                Responder: <strong>{fullName(incident.responder)}</strong>
                {incident.respondedAt ? ` since ${dateTimeText(incident.respondedAt)}` : ''}
              </span>
            )}
          </div>
          {incident.possibleDuplicateOf && (
            <p className="rounded-lg border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
              Possible duplicate of{' '}
              <button type="button" className="font-semibold underline" onClick={() => onOpen(incident.possibleDuplicateOf!._id)}>
                {incident.possibleDuplicateOf.ticket}
              </button>{' '}
              ({STATUS_LABELS[incident.possibleDuplicateOf.status].toLowerCase()}): same type, within 100 m and 30 minutes.
            </p>
          )}
          <IncidentFacts incident={incident} />
          <IncidentPhotos photos={incident.photos} />
          <div className="flex flex-wrap gap-2">
            <a className="btn btn-secondary" href={directionsUrl(incident.location)} target="_blank" rel="noopener noreferrer">
              <Navigation className="h-4 w-4" aria-hidden="true" />
              Directions
            </a>
            <IncidentReportButton incidentId={incident._id} ticket={incident.ticket} />
            {incident.status === 'resolved' && (
              // The blotter's form, prefilled from this incident (docs/decisions/026-the-blotter.md).
              <Link className="btn btn-secondary" to={`/Patrol&incidenttracking?tab=blotter&record=${encodeURIComponent(incident._id)}`}>
                <BookOpenText className="h-4 w-4" aria-hidden="true" />
                Record in blotter
              </Link>
            )}
          </div>
          <ResolutionSection incident={incident} />
          {incident.closingReason && (
            <Section title={STATUS_LABELS[incident.status]}>
              <p className="whitespace-pre-wrap text-sm">{incident.closingReason}</p>
            </Section>
          )}
          {open && (
            <Section title="Actions">
              <AssignControl incidentId={incident._id} currentTanodId={incident.responder?._id ?? null} />
              <div className="flex flex-wrap gap-2 pt-2">
                {incident.status === 'in_progress' && (
                  <button type="button" className="btn btn-primary" onClick={() => setDialog('resolve')}>
                    <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                    Resolve
                  </button>
                )}
                <button type="button" className="btn btn-secondary" onClick={() => setDialog('reject')}>
                  <XCircle className="h-4 w-4" aria-hidden="true" />
                  Reject
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => setDialog('false_alarm')}>
                  False alarm
                </button>
              </div>
            </Section>
          )}
          <Section title="Confidentiality">
            <ConfidentialControl incident={incident} />
          </Section>
          <Section title="Nearest cameras">
            <NearestCameras incidentId={incident._id} />
          </Section>
          <Section title="Timeline and notes">
            <Timeline events={incident.events} evidence={incident.evidence} />
            <NoteForm incidentId={incident._id} />
          </Section>
        </div>
      )}
      {incident && dialog === 'resolve' && <ResolveDialog incidentId={incident._id} ticket={incident.ticket} onClose={() => setDialog(null)} />}
      {incident && (dialog === 'reject' || dialog === 'false_alarm') && (
        <ReasonDialog
          title={dialog === 'reject' ? `Reject ${incident.ticket}?` : `Mark ${incident.ticket} a false alarm?`}
          description="The record is kept, and the reporter sees this reason on the ticket."
          confirmLabel={dialog === 'reject' ? 'Reject incident' : 'Mark false alarm'}
          maxLength={INCIDENT_HANDLING_LIMITS.reasonMaxLength}
          onSubmit={async (reason) => {
            const detail = dialog === 'reject' ? await incidentSteps.reject(incident._id, reason) : await incidentSteps.falseAlarm(incident._id, reason);
            apply(detail);
            notify.success(dialog === 'reject' ? `${incident.ticket} rejected` : `${incident.ticket} marked a false alarm`);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Modal>
  );
}
