import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { INCIDENT_HANDLING_LIMITS } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { currentIntlTag } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.tsx';
import { notify } from '@/lib/toast.ts';
import { EvidencePicker, usePickedPhotos } from './EvidencePicker.tsx';
import { uploadEvidence } from './evidence-api.ts';
import { canAttachEvidence, evidenceLeft } from './evidence-logic.ts';
import { fieldErrors, stepErrorMessage } from './incident-format.ts';
import { incidentSteps, useApplyIncident, useIncident } from './incidents-api.ts';

/**
 * Resolve with the resolution log (required, at most 2,000 characters; the server checks too) and,
 * optionally, photos from the scene. The photos go first: a refused photo keeps the dialog open with
 * nothing resolved, and once they are stored a failed resolve can be tried again without them.
 */
export function ResolveDialog({ incidentId, ticket, onClose }: { incidentId: string; ticket: string; onClose(): void }) {
  const { t } = useLingui();
  const apply = useApplyIncident();
  const { user } = useSession();
  const { data: incident } = useIncident(incidentId);
  const attach = incident ? canAttachEvidence(user, incident) : false;
  const left = incident ? evidenceLeft(incident, 'resolution') : 0;
  const picked = usePickedPhotos(left);
  const [log, setLog] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const max = INCIDENT_HANDLING_LIMITS.logMaxLength;
  const maxText = max.toLocaleString(currentIntlTag());
  const length = log.length.toLocaleString(currentIntlTag());

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const text = log.trim();
    if (!text) return setError(t`Resolution log is required`);
    if (text.length > max) return setError(t`Resolution log must be at most ${maxText} characters`);
    setBusy(true);
    setPhotoError(undefined);
    try {
      const files = picked.files();
      if (files.length > 0) {
        apply(await uploadEvidence(incidentId, 'resolution', files));
        picked.clear();
      }
      apply(await incidentSteps.resolve(incidentId, text));
      notify.success(t`${ticket} is resolved`);
      onClose();
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (fields.log) setError(fields.log);
      else if (fields.photos) setPhotoError(fields.photos);
      else notify.error(stepErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t`Resolve ${ticket}`} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextAreaField
          label={t`Resolution log`}
          hint={t`What was done and how it ended. ${length} / ${maxText}`}
          value={log}
          maxLength={max}
          rows={6}
          error={error}
          data-autofocus
          onChange={(event) => {
            setLog(event.target.value);
            setError(undefined);
          }}
        />
        {attach && (
          <div className="mt-4">
            <EvidencePicker picked={picked} label="resolution" left={left} disabled={busy} />
          </div>
        )}
        {photoError && (
          <p role="alert" className="mt-2 text-sm text-danger">
            {photoError}
          </p>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t`Resolving…` : t`Resolve incident`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
