import { useState } from 'react';
import { INCIDENT_HANDLING_LIMITS } from '@bantay/shared';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { notify } from '@/lib/toast.ts';
import { fieldErrors, stepErrorMessage } from './incident-format.ts';
import { incidentSteps, useApplyIncident } from './incidents-api.ts';

/** Adds a staff-private note (never on the public ticket). */
export function NoteForm({ incidentId }: { incidentId: string }) {
  const apply = useApplyIncident();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const max = INCIDENT_HANDLING_LIMITS.noteMaxLength;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const note = text.trim();
    if (!note) return setError('Note is required');
    setBusy(true);
    try {
      apply(await incidentSteps.note(incidentId, note));
      setText('');
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (fields.text) setError(fields.text);
      else notify.error(stepErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
      <TextAreaField
        label="Add a note (staff only)"
        rows={2}
        value={text}
        maxLength={max}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className="btn btn-secondary" disabled={busy}>
        {busy ? 'Saving…' : 'Save note'}
      </button>
    </form>
  );
}
