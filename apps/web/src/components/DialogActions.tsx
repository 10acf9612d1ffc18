import { Trans } from '@lingui/react/macro';

/** A form's closing row: Cancel, then the main action. */
export function DialogActions({
  busy,
  submitLabel,
  busyLabel,
  onCancel,
  danger = false,
}: {
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel(): void;
  danger?: boolean;
}) {
  return (
    <div className="mt-2 flex flex-wrap justify-end gap-2">
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
      <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
