import { useState, type FormEvent } from 'react';
import type { BlotterEntry } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { notify } from '@/lib/toast.ts';
import { amendEntry, useRefreshBlotter } from './blotter-api.ts';
import { errorText, fieldErrors } from './blotter-format.ts';
import { EntryFields, type EntryInput } from './EntryFields.tsx';
import { changedValues, toEntryInput, toEntryValues } from './entry-input.ts';

/** An amendment: the entry's current values to correct, and the reason; only what changed is sent. */
export function AmendDialog({ entry, timeZone, onClose }: { entry: BlotterEntry; timeZone: string; onClose(): void }) {
  const [input, setInput] = useState<EntryInput>(() => toEntryInput(entry, timeZone));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshBlotter();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = toEntryValues(input, timeZone);
    if (!values.occurredAt) return setErrors({ occurredAt: 'Enter the date and time' });
    const changes = changedValues(entry, values);
    if (Object.keys(changes).length === 0) return setErrors({ reason: 'Change at least one field before amending.' });
    if (!reason.trim()) return setErrors({ reason: 'Say why the entry is amended.' });
    setBusy(true);
    amendEntry(entry._id, { reason: reason.trim(), changes })
      .then((amended) => {
        notify.success(`Entry ${amended.number} amended (amendment ${amended.amendments.length})`);
        void refresh();
        onClose();
      })
      .catch((failure: unknown) => {
        setErrors(fieldErrors(failure));
        notify.error(errorText(failure));
      })
      .finally(() => setBusy(false));
  };

  return (
    <Modal title={`Amend entry ${entry.number}`} onClose={onClose} widthClass="max-w-3xl">
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
        <p className="text-sm text-muted">The entry keeps its original and every earlier amendment. A change of status is an amendment too.</p>
        <EntryFields value={input} onChange={setInput} errors={errors} />
        <TextAreaField label="Reason for the amendment" required rows={2} maxLength={1000} value={reason} error={errors.reason} onChange={(event) => setReason(event.target.value)} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save amendment'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
