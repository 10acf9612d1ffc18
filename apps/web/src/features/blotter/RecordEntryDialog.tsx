import { useState, type FormEvent } from 'react';
import type { BlotterDraft, BlotterEntry } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { notify } from '@/lib/toast.ts';
import { dayKey, formatZoned } from '@/lib/zoned-time.ts';
import { recordEntry, useBlotterDraft, useRefreshBlotter } from './blotter-api.ts';
import { errorText, fieldErrors } from './blotter-format.ts';
import { EMPTY_PARTY, EntryFields, type EntryInput } from './EntryFields.tsx';
import { toEntryInput, toEntryValues } from './entry-input.ts';

function blankInput(timeZone: string): EntryInput {
  const now = new Date();
  const time = formatZoned(now, 'HH:mm', timeZone);
  return {
    occurredAt: `${dayKey(now, timeZone)}T${time}`,
    place: '',
    nature: '',
    complainants: [{ ...EMPTY_PARTY }],
    respondents: [],
    narrative: '',
    actionTaken: '',
    status: 'recorded',
    referredTo: '',
  };
}

function RecordForm({ draft, timeZone, onRecorded, onCancel }: { draft: BlotterDraft | null; timeZone: string; onRecorded(entry: BlotterEntry): void; onCancel(): void }) {
  const [input, setInput] = useState<EntryInput>(() => {
    if (!draft) return blankInput(timeZone);
    const prefilled = toEntryInput({ ...draft, referredTo: null }, timeZone);
    return { ...prefilled, complainants: prefilled.complainants.length ? prefilled.complainants : [{ ...EMPTY_PARTY }] };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshBlotter();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = toEntryValues(input, timeZone);
    if (!values.occurredAt) {
      setErrors({ occurredAt: 'Enter the date and time' });
      return;
    }
    setBusy(true);
    recordEntry({ ...values, occurredAt: values.occurredAt, incidentId: draft?.incidentId ?? null })
      .then((entry) => {
        notify.success(`Recorded as blotter entry ${entry.number}`);
        void refresh();
        onRecorded(entry);
      })
      .catch((failure: unknown) => {
        setErrors(fieldErrors(failure));
        notify.error(errorText(failure));
      })
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
      {draft && (
        <p className="rounded-lg bg-surface-2 p-3 text-sm">
          Prefilled from incident <strong>{draft.incidentTicket}</strong>: its report, timeline and resolution log. Check every field before recording.
          {draft.existingEntry && (
            <strong className="mt-1 block text-danger">This incident is already in the blotter as entry {draft.existingEntry.number}.</strong>
          )}
        </p>
      )}
      <EntryFields value={input} onChange={setInput} errors={errors} />
      <p className="text-xs text-muted">An entry cannot be deleted. Corrections are amendments, kept with their reason.</p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Recording…' : 'Record entry'}
        </button>
      </div>
    </form>
  );
}

/** "Record entry", blank or prefilled from an incident ("Record in blotter" on a resolved incident). */
export function RecordEntryDialog({
  incidentId,
  timeZone,
  onRecorded,
  onClose,
}: {
  incidentId: string | null;
  timeZone: string;
  onRecorded(entry: BlotterEntry): void;
  onClose(): void;
}) {
  const draft = useBlotterDraft(incidentId);
  return (
    <Modal title={incidentId ? 'Record in blotter' : 'Record a blotter entry'} onClose={onClose} widthClass="max-w-3xl">
      {incidentId && draft.isPending ? (
        <p className="text-sm text-muted">Reading the incident…</p>
      ) : incidentId && draft.isError ? (
        <div role="alert" className="space-y-3 text-sm">
          <p>{errorText(draft.error)}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void draft.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <RecordForm draft={draft.data ?? null} timeZone={timeZone} onRecorded={onRecorded} onCancel={onClose} />
      )}
    </Modal>
  );
}
