import { useState } from 'react';
import { Link } from 'wouter';
import { BookOpenText, CheckCircle2, Navigation, XCircle } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { INCIDENT_HANDLING_LIMITS, type IncidentDetail, incidentTypeLabel } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { ReasonDialog } from '@/components/ReasonDialog.tsx';
import { directionsUrl } from '@/components/map/map-geometry.ts';
import { notify } from '@/lib/toast.ts';
import { AssignControl } from './AssignControl.tsx';
import { BurstBadge, ClassificationBadge, ConfidentialBadge, StatusBadge } from './badges.tsx';
import { NoBotCheckBadge } from './NoBotCheckBadge.tsx';
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

/** "Responder: <name> since <when>", the name in bold. */
function ResponderLine({ name, since }: { name: string; since: string | null }) {
  const when = since ? dateTimeText(since) : null;
  return (
    <span className="text-sm text-ink-soft">
      {when ? (
        <Trans>
          Responder: <strong>{name}</strong> since {when}
        </Trans>
      ) : (
        <Trans>
          Responder: <strong>{name}</strong>
        </Trans>
      )}
    </span>
  );
}

/** The possible duplicate of docs/product.md §4.2 (same type, 100 m, 30 minutes): its ticket opens it. */
function DuplicateNote({ duplicate, onOpen }: { duplicate: NonNullable<IncidentDetail['possibleDuplicateOf']>; onOpen(id: string): void }) {
  const { t } = useLingui();
  const ticket = duplicate.ticket;
  const status = t(STATUS_LABELS[duplicate.status]).toLowerCase();
  return (
    <p className="rounded-lg border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
      <Trans>
        Possible duplicate of{' '}
        <button type="button" className="font-semibold underline" onClick={() => onOpen(duplicate._id)}>
          {ticket}
        </button>{' '}
        ({status}): same type, within 100 m and 30 minutes.
      </Trans>
    </p>
  );
}

/** The admin's incident detail: timeline, photos, reporter, cameras, duplicate, every step. */
export function IncidentDrawer({ incidentId, onClose, onOpen }: IncidentDrawerProps) {
  const { t } = useLingui();
  const { data: incident, isLoading, isError, refetch } = useIncident(incidentId);
  const apply = useApplyIncident();
  const [dialog, setDialog] = useState<'resolve' | 'reject' | 'false_alarm' | null>(null);
  const open = incident && (incident.status === 'pending' || incident.status === 'in_progress');
  const ticket = incident?.ticket ?? '';

  return (
    <Modal title={incident ? `${incidentTypeLabel(incident.type)} · ${incident.ticket}` : t`Incident`} onClose={onClose} placement="side" widthClass="max-w-xl">
      {isLoading ? (
        <p className="text-sm text-muted">
          <Trans>Loading the incident…</Trans>
        </p>
      ) : isError || !incident ? (
        <LoadFailed message={<Trans>The incident could not be loaded.</Trans>} onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-4" data-testid="incident-drawer">
          <div className="flex flex-wrap items-center gap-2">
            <ClassificationBadge classification={incident.classification} />
            <StatusBadge status={incident.status} />
            {incident.confidential && <ConfidentialBadge />}
            {incident.burst && <BurstBadge />}
            {incident.sentWithoutBotCheck && <NoBotCheckBadge />}
            {incident.responder && <ResponderLine name={fullName(incident.responder)} since={incident.respondedAt} />}
          </div>
          {incident.possibleDuplicateOf && (
            <DuplicateNote duplicate={incident.possibleDuplicateOf} onOpen={onOpen} />
          )}
          <IncidentFacts incident={incident} />
          <IncidentPhotos photos={incident.photos} />
          <div className="flex flex-wrap gap-2">
            <a className="btn btn-secondary" href={directionsUrl(incident.location)} target="_blank" rel="noopener noreferrer">
              <Navigation className="h-4 w-4" aria-hidden="true" />
              <Trans>Directions</Trans>
            </a>
            <IncidentReportButton incidentId={incident._id} ticket={incident.ticket} />
            {incident.status === 'resolved' && (
              // The blotter's form, prefilled from this incident (docs/decisions/026-the-blotter.md).
              <Link className="btn btn-secondary" to={`/Patrol&incidenttracking?tab=blotter&record=${encodeURIComponent(incident._id)}`}>
                <BookOpenText className="h-4 w-4" aria-hidden="true" />
                <Trans>Record in blotter</Trans>
              </Link>
            )}
          </div>
          <ResolutionSection incident={incident} />
          {incident.closingReason && (
            <Section title={t(STATUS_LABELS[incident.status])}>
              <p className="whitespace-pre-wrap text-sm">{incident.closingReason}</p>
            </Section>
          )}
          {open && (
            <Section title={t`Actions`}>
              <AssignControl incidentId={incident._id} currentTanodId={incident.responder?._id ?? null} />
              <div className="flex flex-wrap gap-2 pt-2">
                {incident.status === 'in_progress' && (
                  <button type="button" className="btn btn-primary" onClick={() => setDialog('resolve')}>
                    <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                    <Trans>Resolve</Trans>
                  </button>
                )}
                <button type="button" className="btn btn-secondary" onClick={() => setDialog('reject')}>
                  <XCircle className="h-4 w-4" aria-hidden="true" />
                  <Trans>Reject</Trans>
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => setDialog('false_alarm')}>
                  <Trans>False alarm</Trans>
                </button>
              </div>
            </Section>
          )}
          <Section title={t`Confidentiality`}>
            <ConfidentialControl incident={incident} />
          </Section>
          <Section title={t`Nearest cameras`}>
            <NearestCameras incidentId={incident._id} />
          </Section>
          <Section title={t`Timeline and notes`}>
            <Timeline events={incident.events} evidence={incident.evidence} />
            <NoteForm incidentId={incident._id} />
          </Section>
        </div>
      )}
      {incident && dialog === 'resolve' && <ResolveDialog incidentId={incident._id} ticket={incident.ticket} onClose={() => setDialog(null)} />}
      {incident && (dialog === 'reject' || dialog === 'false_alarm') && (
        <ReasonDialog
          title={dialog === 'reject' ? t`Reject ${ticket}?` : t`Mark ${ticket} a false alarm?`}
          description={t`The record is kept, and the reporter sees this reason on the ticket.`}
          confirmLabel={dialog === 'reject' ? t`Reject incident` : t`Mark false alarm`}
          maxLength={INCIDENT_HANDLING_LIMITS.reasonMaxLength}
          onSubmit={async (reason) => {
            const detail = dialog === 'reject' ? await incidentSteps.reject(incident._id, reason) : await incidentSteps.falseAlarm(incident._id, reason);
            apply(detail);
            notify.success(dialog === 'reject' ? t`${ticket} rejected` : t`${ticket} marked a false alarm`);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Modal>
  );
}
