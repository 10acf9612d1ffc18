import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BlotterDraft, BlotterEntry } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
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
  const { t } = useLingui();
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
      setErrors({ occurredAt: t`Enter the date and time` });
      return;
    }
    setBusy(true);
    recordEntry({ ...values, occurredAt: values.occurredAt, incidentId: draft?.incidentId ?? null })
      .then((entry) => {
        const number = entry.number;
        notify.success(t`Recorded as blotter entry ${number}`);
        void refresh();
        onRecorded(entry);
      })
      .catch((failure: unknown) => {
        setErrors(fieldErrors(failure));
        notify.error(errorText(failure));
      })
      .finally(() => setBusy(false));
  };

  const ticket = draft?.incidentTicket ?? '';
  const existing = draft?.existingEntry?.number ?? '';
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
      {draft && (
        <p className="rounded-lg bg-surface-2 p-3 text-sm">
          <Trans>
            Prefilled from incident <strong>{ticket}</strong>: its report, timeline and resolution log. Check every field before recording.
          </Trans>
          {draft.existingEntry && (
            <strong className="mt-1 block text-danger">
              <Trans>This incident is already in the blotter as entry {existing}.</Trans>
            </strong>
          )}
        </p>
      )}
      <EntryFields value={input} onChange={setInput} errors={errors} />
      <p className="text-xs text-muted">
        <Trans>An entry cannot be deleted. Corrections are amendments, kept with their reason.</Trans>
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t`Recording…` : t`Record entry`}
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
  const { t } = useLingui();
  const draft = useBlotterDraft(incidentId);
  return (
    <Modal title={incidentId ? t`Record in blotter` : t`Record a blotter entry`} onClose={onClose} widthClass="max-w-3xl">
      {incidentId && draft.isPending ? (
        <p className="text-sm text-muted">
          <Trans>Reading the incident…</Trans>
        </p>
      ) : incidentId && draft.isError ? (
        <LoadFailed message={errorText(draft.error)} onRetry={() => void draft.refetch()} />
      ) : (
        <RecordForm draft={draft.data ?? null} timeZone={timeZone} onRecorded={onRecorded} onCancel={onClose} />
      )}
    </Modal>
  );
}
