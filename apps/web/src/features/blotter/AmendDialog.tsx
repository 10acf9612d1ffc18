import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const [input, setInput] = useState<EntryInput>(() => toEntryInput(entry, timeZone));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshBlotter();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = toEntryValues(input, timeZone);
    if (!values.occurredAt) return setErrors({ occurredAt: t`Enter the date and time` });
    const changes = changedValues(entry, values);
    if (Object.keys(changes).length === 0) return setErrors({ reason: t`Change at least one field before amending.` });
    if (!reason.trim()) return setErrors({ reason: t`Say why the entry is amended.` });
    setBusy(true);
    amendEntry(entry._id, { reason: reason.trim(), changes })
      .then((amended) => {
        const number = amended.number;
        const sequence = amended.amendments.length;
        notify.success(t`Entry ${number} amended (amendment ${sequence})`);
        void refresh();
        onClose();
      })
      .catch((failure: unknown) => {
        setErrors(fieldErrors(failure));
        notify.error(errorText(failure));
      })
      .finally(() => setBusy(false));
  };

  const number = entry.number;
  return (
    <Modal title={t`Amend entry ${number}`} onClose={onClose} widthClass="max-w-3xl">
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
        <p className="text-sm text-muted">
          <Trans>The entry keeps its original and every earlier amendment. A change of status is an amendment too.</Trans>
        </p>
        <EntryFields value={input} onChange={setInput} errors={errors} />
        <TextAreaField label={t`Reason for the amendment`} required rows={2} maxLength={1000} value={reason} error={errors.reason} onChange={(event) => setReason(event.target.value)} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t`Saving…` : t`Save amendment`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
