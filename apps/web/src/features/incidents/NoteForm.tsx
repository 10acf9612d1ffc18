import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { INCIDENT_HANDLING_LIMITS } from '@bantay/shared';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { useSession } from '@/lib/session.tsx';
import { notify } from '@/lib/toast.ts';
import { EvidencePicker, usePickedPhotos } from './EvidencePicker.tsx';
import { uploadEvidence } from './evidence-api.ts';
import { canAttachEvidence, evidenceLeft } from './evidence-logic.ts';
import { fieldErrors, stepErrorMessage } from './incident-format.ts';
import { incidentSteps, useApplyIncident, useIncident } from './incidents-api.ts';

/**
 * Adds a staff-private note (never on the public ticket). The responder and admins may send photos
 * from the scene with it (then the text is optional); the incident comes from the cache its panel
 * already filled.
 */
export function NoteForm({ incidentId }: { incidentId: string }) {
  const { t } = useLingui();
  const apply = useApplyIncident();
  const { user } = useSession();
  const { data: incident } = useIncident(incidentId);
  const attach = incident ? canAttachEvidence(user, incident) : false;
  const left = incident ? evidenceLeft(incident, 'note') : 0;
  const picked = usePickedPhotos(left);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const max = INCIDENT_HANDLING_LIMITS.noteMaxLength;
  const count = picked.photos.length;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const note = text.trim();
    const files = picked.files();
    if (!note && files.length === 0) return setError(attach ? t`Write a note or add a photo` : t`Note is required`);
    setBusy(true);
    setPhotoError(undefined);
    try {
      apply(files.length > 0 ? await uploadEvidence(incidentId, 'note', files, note || undefined) : await incidentSteps.note(incidentId, note));
      setText('');
      picked.clear();
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (fields.text) setError(fields.text);
      else if (fields.photos) setPhotoError(fields.photos);
      else notify.error(stepErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
      <TextAreaField
        label={t`Add a note (staff only)`}
        rows={2}
        value={text}
        maxLength={max}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      {attach && <EvidencePicker picked={picked} label="note" left={left} disabled={busy} />}
      {photoError && (
        <p role="alert" className="text-sm text-danger">
          {photoError}
        </p>
      )}
      <button type="submit" className="btn btn-secondary" disabled={busy}>
        {busy
          ? t`Saving…`
          : count > 0
            ? t`${plural(count, { one: 'Save note with # photo', other: 'Save note with # photos' })}`
            : t`Save note`}
      </button>
    </form>
  );
}
