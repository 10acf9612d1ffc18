import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentDetail } from '@bantay/shared';
import { useSession } from '@/lib/session.tsx';
import { notify } from '@/lib/toast.ts';
import { EvidencePicker, usePickedPhotos } from './EvidencePicker.tsx';
import { uploadEvidence } from './evidence-api.ts';
import { canAttachEvidence, evidenceCaption, evidenceLeft } from './evidence-logic.ts';
import { IncidentPhotos } from './IncidentPhotos.tsx';
import { fieldErrors, resolvedByText, stepErrorMessage } from './incident-format.ts';
import { useApplyIncident } from './incidents-api.ts';

/** Photos added to the resolution log after resolving (the resolve dialog takes them before). */
function AddResolutionPhotos({ incidentId, left }: { incidentId: string; left: number }) {
  const { t } = useLingui();
  const apply = useApplyIncident();
  const picked = usePickedPhotos(left);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const count = picked.photos.length;

  async function upload() {
    setBusy(true);
    setError(undefined);
    try {
      apply(await uploadEvidence(incidentId, 'resolution', picked.files()));
      notify.success(t`${plural(count, { one: 'Photo added to the resolution', other: 'Photos added to the resolution' })}`);
      picked.clear();
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (fields.photos) setError(fields.photos);
      else notify.error(stepErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <EvidencePicker picked={picked} label="resolution" left={left} disabled={busy} optional={false} />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {count > 0 && (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void upload()}>
          {busy ? t`Uploading…` : t`${plural(count, { one: 'Add # photo to the resolution', other: 'Add # photos to the resolution' })}`}
        </button>
      )}
    </div>
  );
}

/**
 * The resolution log with its photos from the scene, and for the responder or an admin a way to
 * add more once resolved (docs/decisions/019-incident-evidence-and-printouts.md).
 */
export function ResolutionSection({ incident }: { incident: IncidentDetail }) {
  const { t } = useLingui();
  const { user } = useSession();
  const photos = incident.evidence.filter((photo) => photo.purpose === 'resolution');
  const canAdd = incident.status === 'resolved' && canAttachEvidence(user, incident);
  if (!incident.resolutionLog && photos.length === 0) return null;
  return (
    <section className="space-y-2 border-t border-line pt-4" data-testid="incident-resolution">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">
        <Trans>Resolution</Trans>
      </h3>
      {incident.resolutionLog ? (
        <p className="whitespace-pre-wrap text-sm">{incident.resolutionLog}</p>
      ) : (
        <p className="text-sm text-muted">
          <Trans>Photos for the resolution; not resolved yet.</Trans>
        </p>
      )}
      {incident.resolvedBy && <p className="text-xs text-muted">{resolvedByText(incident.resolvedBy, incident.resolvedAt)}</p>}
      {photos.length > 0 && <IncidentPhotos photos={photos} of={t`the resolution`} caption={evidenceCaption} />}
      {canAdd && <AddResolutionPhotos incidentId={incident._id} left={evidenceLeft(incident, 'resolution')} />}
    </section>
  );
}
