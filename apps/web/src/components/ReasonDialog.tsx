import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from './Modal.tsx';
import { TextAreaField } from './form/TextAreaField.tsx';
import { ApiError } from '@/lib/api-client.ts';

interface ReasonDialogProps {
  title: string;
  /** What the step does, in a sentence, above the field. */
  description?: string;
  confirmLabel: string;
  maxLength: number;
  /** Runs the step; an ApiError naming `reason` shows under the field, any other closes nothing. */
  onSubmit(reason: string): Promise<void>;
  onClose(): void;
}

/**
 * Asks for the reason of a refusal (reject, false alarm, backup rejected) before doing it: the
 * question is the confirmation, and the reason is required (the server checks it as well).
 */
export function ReasonDialog({ title, description, confirmLabel, maxLength, onSubmit, onClose }: ReasonDialogProps) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError(t`Reason is required`);
    setBusy(true);
    try {
      await onSubmit(text);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.fields.find((field) => field.field === 'reason')?.message ?? failure.message);
      else setError(t`That did not work. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={title} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        {description && <p className="mb-3 text-sm text-muted">{description}</p>}
        <TextAreaField
          label={t`Reason`}
          rows={3}
          value={reason}
          maxLength={maxLength}
          error={error}
          data-autofocus
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? t`Saving…` : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
